import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  clientImportEndpoints,
  type ClientImport,
  type ImportMapping,
  type InvitationChannel,
  type InvitationState,
  type RowOutcome,
} from '@taxportal/contract';
import { call, postFormTo, toastOnError } from '../../lib/api/index.ts';

const key = ['admin', 'client-imports'] as const;

/** The Admin's imports, newest first, ten at a time ("Show more" fetches the next page). */
export function useClientImports(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...key, 'list'],
    queryFn: ({ pageParam, signal }) =>
      call(clientImportEndpoints.listClientImports, {
        query: { limit: 10, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled,
  });
}

export function useClientImport(id: string | undefined) {
  return useQuery({
    queryKey: [...key, 'one', id],
    queryFn: ({ signal }) => call(clientImportEndpoints.getClientImport, { params: { id: id! }, signal }),
    enabled: !!id,
  });
}

export function useUploadImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return postFormTo(clientImportEndpoints.uploadClientImport, form);
    },
    onSuccess: (imp) => {
      client.setQueryData([...key, 'one', imp.id], imp);
      void client.invalidateQueries({ queryKey: [...key, 'list'] });
    },
    meta: toastOnError,
  });
}

/** Saves the mapping and runs the dry run at once: the Admin sees its summary next. */
export function useCheckImport(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (mapping: ImportMapping) => {
      await call(clientImportEndpoints.putClientImportMapping, { params: { id }, body: { mapping } });
      return call(clientImportEndpoints.dryRunClientImport, { params: { id } });
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
    meta: toastOnError,
  });
}

export function useImportRows(id: string, outcome: RowOutcome) {
  return useInfiniteQuery({
    queryKey: [...key, 'rows', id, outcome],
    queryFn: ({ pageParam, signal }) =>
      call(clientImportEndpoints.listClientImportRows, {
        params: { id },
        query: { outcome, limit: 25, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useCommitImport(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(clientImportEndpoints.commitClientImport, { params: { id } }),
    onSuccess: (res) => client.setQueryData<ClientImport>([...key, 'one', id], res.import),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
    meta: toastOnError,
  });
}

export function useInvite(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (channel: InvitationChannel) =>
      call(clientImportEndpoints.inviteImportedClients, { params: { id }, body: { channel } }),
    onSettled: () => client.invalidateQueries({ queryKey: [...key, 'invitations', id] }),
    meta: toastOnError,
  });
}

/** The invitations, refreshed every few seconds while some are still being sent. */
export function useInvitations(id: string, state: InvitationState | null) {
  return useInfiniteQuery({
    queryKey: [...key, 'invitations', id, state],
    queryFn: ({ pageParam, signal }) =>
      call(clientImportEndpoints.listClientInvitations, {
        params: { id },
        query: { limit: 50, ...(state ? { state } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    refetchInterval: (q) => ((q.state.data?.pages[0]?.counts.queued ?? 0) > 0 ? 3000 : false),
  });
}

export function useResend(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      call(clientImportEndpoints.resendClientInvitation, { params: { id, invitationId } }),
    onSettled: () => client.invalidateQueries({ queryKey: [...key, 'invitations', id] }),
    meta: toastOnError,
  });
}

export function useResendUnopened(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(clientImportEndpoints.resendUnopenedClientInvitations, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: [...key, 'invitations', id] }),
    meta: toastOnError,
  });
}
