import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { listKeys } from './keys';
import type { DncImport } from './list-dnc-imports';

/** The most numbers one call may carry (openapi.yaml: maxItems of addDncNumbers). */
export const DNC_CHUNK = 20_000;

export interface DncNumbersInput {
  importId: number;
  numbers: string[];
}

/** POST /dnc/imports/{importId}/numbers (addDncNumbers): one chunk; numbers already on the source's list are skipped. */
export function addDncNumbers(api: ApiClient, input: DncNumbersInput, signal?: AbortSignal): Promise<{ added: number; import: DncImport }> {
  return unwrap(api.POST('/dnc/imports/{importId}/numbers', { params: { path: { importId: input.importId } }, body: { numbers: input.numbers }, signal }), 'The numbers could not be added');
}

/** Each chunk refreshes the table of imports (its count of numbers grows). */
export function useAddDncNumbers() {
  const api = useApi();
  const queryClient = useQueryClient();
  const as = useActingAs();
  return useMutation({
    mutationFn: (input: DncNumbersInput) => addDncNumbers(api, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKeys.dncImports(as) }),
  });
}
