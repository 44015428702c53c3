import { useParams } from 'wouter';
import { recordIdOf } from '../../../domain/record-id';

/** The promotion of the address (`:id`), or null when it is not an id (the page then says so, sending nothing). */
export function usePromotionId(): number | null {
  return recordIdOf(useParams<{ id: string }>().id);
}
