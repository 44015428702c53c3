import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useActingAs } from '../context';
import type { ApiClient } from '../client';
import type { operations } from '../schema';
import { unwrap } from '../errors';
import { listKeys } from './keys';
import type { DncImport } from './list-dnc-imports';

export type DncImportBody = operations['createDncImport']['requestBody']['content']['application/json'];

/** POST /dnc/imports (createDncImport): an import with no numbers yet; its numbers follow in chunks. */
export function createDncImport(api: ApiClient, body: DncImportBody, signal?: AbortSignal): Promise<DncImport> {
  return unwrap(api.POST('/dnc/imports', { body, signal }), 'The import could not be started');
}

export function useCreateDncImport() {
  const api = useApi();
  const queryClient = useQueryClient();
  const as = useActingAs();
  return useMutation({
    mutationFn: (body: DncImportBody) => createDncImport(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKeys.dncImports(as) }),
  });
}
