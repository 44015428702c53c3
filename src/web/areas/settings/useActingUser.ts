import { useSessionSelector } from '../../app/session';

/** The user the session acts as (the switched-into user when an admin is switched), and the admin behind it. */
export function useActingUser() {
  const user = useSessionSelector((s) => s.context.auth?.user ?? null);
  const original = useSessionSelector((s) => s.context.auth?.original ?? null);
  return { user, original, switched: original !== null };
}
