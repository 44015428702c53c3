import { useParams } from 'wouter';

/** The promotion of the address (`:id`), or null when it is not an id (the page then says so, sending nothing). */
export function usePromotionId(): number | null {
  const { id } = useParams<{ id: string }>();
  const n = Number(id);
  return /^\d+$/.test(id ?? '') && n >= 1 && n <= 2_147_483_647 ? n : null;
}
