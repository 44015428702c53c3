import { MSG } from './messages';
import type { Actor } from './roles';

/**
 * May `original` act as `target`? Returns null when allowed, else the refusal text
 * (document 000 sections 4, 5 and 8). Only an admin may switch at all.
 */
export function switchRefusal(original: Actor, target: Actor): string | null {
  if (original.role !== 'admin') return 'Only an administrator can switch user';
  if (target.role === 'admin' || target.isSuperAdmin) return MSG.switchIntoAdmin;
  if (target.status !== 'active') return MSG.switchIntoInactive;
  return null;
}

