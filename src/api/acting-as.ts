import { useMemo } from 'react';
import { useSessionSelector } from '../web/app/session';

/**
 * Whom the session acts as: the user it shows (the switched-into user when an admin is
 * switched) and the admin behind it. Every query key of signed-in data starts with it,
 * so a switched admin's answers never land in the admin's own cache entries.
 */
export interface ActingAs {
  userId: number | null;
  adminId: number | null;
}

export function useActingAs(): ActingAs {
  const userId = useSessionSelector((s) => s.context.auth?.user.id ?? null);
  const adminId = useSessionSelector((s) => s.context.auth?.original?.id ?? null);
  return useMemo(() => ({ userId, adminId }), [userId, adminId]);
}
