import type { WizardInput } from '../../../../../machines/orderWizard.machine';
import { isStep, type Step } from '../../../../domain/orders/types';

/** The wizard's routes (document 001 section 2). */
export const WIZARD_BASE = '/orders/orders/wizard';

/**
 * What an address opens: the start (product or call-product), a draft or an order at a
 * step, or a draft to make from an order (clone) or a package (recommended).
 */
export function inputOf(path: string): WizardInput | null {
  const rest = path.split(/[?#]/)[0].replace(/\/$/, '').slice(WIZARD_BASE.length);
  if (rest === '' || rest === '/product') return { mode: 'start' };
  if (rest === '/call-product') return { mode: 'start', product: 'calls' };
  const copy = /^\/(clone|recommended)\/(\d{1,9})$/.exec(rest);
  if (copy) return { mode: copy[1] as 'clone' | 'recommended', id: Number(copy[2]) };
  const m = /^\/(create|edit)\/(\d{1,9})(?:\/([a-z]+))?$/.exec(rest);
  if (!m || (m[3] && !isStep(m[3]))) return null;
  return { mode: m[1] as 'create' | 'edit', id: Number(m[2]), step: (m[3] as Step | undefined) ?? null };
}

export const stepUrl = (mode: 'create' | 'edit', id: number, step: Step): string => `${WIZARD_BASE}/${mode}/${id}/${step}`;

