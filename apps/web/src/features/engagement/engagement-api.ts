import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  endpoints,
  engagementEndpoints as api,
  type ConfirmLetterBody,
  type CreateLetterBody,
  type EngagementSettings,
  type EngagementTemplateBody,
  type LetterBatchBody,
  type Letter,
  type SignLetterBody,
} from '@taxportal/contract';
import { call } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { passkeyAnswer } from '../signing/index.ts';

/** Engagement letters (docs/decisions/0036): Admin's templates, staff's and the client's letters. */
const keys = {
  all: ['engagement'] as const,
  templates: ['engagement', 'templates'] as const,
  template: (id: string) => ['engagement', 'templates', id] as const,
  letters: (scope: string) => ['engagement', 'letters', scope] as const,
  letter: (id: string) => ['engagement', 'letter', id] as const,
  settings: ['engagement', 'settings'] as const,
};

export const useTemplates = () =>
  useQuery({ queryKey: keys.templates, queryFn: ({ signal }) => call(api.listEngagementTemplates, { signal }) });

export const useServiceTypes = () =>
  useQuery({
    queryKey: ['engagement', 'service-types'],
    queryFn: ({ signal }) => call(endpoints.listServiceTypes, { signal }),
  });

export function useSaveTemplate(id: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EngagementTemplateBody) =>
      id ? call(api.updateEngagementTemplate, { params: { id }, body }) : call(api.createEngagementTemplate, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.templates }),
  });
}

/** The firm's letter settings (Admin): days before an unsigned letter expires, the hold at Open until signed. */
export const useEngagementSettings = () =>
  useQuery({ queryKey: keys.settings, queryFn: ({ signal }) => call(api.getEngagementSettings, { signal }) });

export function useSaveEngagementSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EngagementSettings) => call(api.updateEngagementSettings, { body }),
    onSuccess: (saved) => {
      client.setQueryData(keys.settings, saved);
      // Tickets' pages say whether a ticket is held: read them again.
      void client.invalidateQueries({ queryKey: queryKeys.tickets });
    },
  });
}

export const useLetters = (scope: 'all' | 'unsigned') =>
  useQuery({
    queryKey: keys.letters(scope),
    queryFn: ({ signal }) => call(api.listEngagementLetters, { query: { scope }, signal }),
  });

export const useLetter = (id: string) =>
  useQuery({
    queryKey: keys.letter(id),
    queryFn: ({ signal }) => call(api.getEngagementLetter, { params: { id }, signal }),
  });

export const usePrefill = (ticket: string | null) =>
  useQuery({
    queryKey: ['engagement', 'prefill', ticket],
    enabled: !!ticket,
    retry: false,
    queryFn: ({ signal }) => call(api.prefillEngagementLetter, { query: { ticket_id: ticket! }, signal }),
  });

/** After a letter changes: its own query gets the answer; the lists ask again. */
function useLetterWrite<V>(write: (v: V) => Promise<Letter>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (letter) => {
      client.setQueryData(keys.letter(letter.id), letter);
      void client.invalidateQueries({ queryKey: ['engagement', 'letters'] });
    },
  });
}

export const useCreateLetter = () =>
  useLetterWrite((body: CreateLetterBody) => call(api.createEngagementLetter, { body }));
export const useSendLetter = (id: string) => useLetterWrite(() => call(api.sendEngagementLetter, { params: { id } }));
export const useVoidLetter = (id: string) => useLetterWrite(() => call(api.voidEngagementLetter, { params: { id } }));
/** Staff's "Remind now": the letter reads again (its `last_reminded_at`) once the reminder went out. */
export function useRemindLetter(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.remindEngagementLetter, { params: { id } }),
    onSettled: () => void client.invalidateQueries({ queryKey: keys.letter(id) }),
  });
}
export const useDeclineLetter = (id: string) =>
  useLetterWrite((reason: string) => call(api.declineEngagementLetter, { params: { id }, body: { reason } }));
export const useSignLetter = (id: string) =>
  useLetterWrite((body: SignLetterBody) => call(api.signEngagementLetter, { params: { id }, body }));

export const useConfirmLetter = (id: string) =>
  useMutation({ mutationFn: (body: ConfirmLetterBody) => call(api.confirmLetterSigner, { params: { id }, body }) });
export const useLetterSmsCode = (id: string) =>
  useMutation({ mutationFn: () => call(api.letterSmsCode, { params: { id } }) });
/** Confirms with a passkey: this letter's WebAuthn options, the browser's prompt (signing's), then its answer. */
export const useConfirmLetterPasskey = (id: string) =>
  useMutation({
    mutationFn: async () => {
      const response = await passkeyAnswer(await call(api.letterPasskeyOptions, { params: { id } }));
      return call(api.confirmLetterSigner, {
        params: { id },
        body: { factor: 'passkey', response: response as never },
      });
    },
  });

export const useTaxYears = () =>
  useQuery({
    queryKey: ['engagement', 'years'],
    queryFn: ({ signal }) => call(endpoints.listPublicYears, { signal }),
  });

/** A season's batch (docs/decisions/0036, "Bulk sending"): the dry run, the send, and its progress. */
export const useBatchPreview = () =>
  useMutation({ mutationFn: (body: LetterBatchBody) => call(api.previewEngagementLetterBatch, { body }) });

export function useCreateBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LetterBatchBody) => call(api.createEngagementLetterBatch, { body }),
    onSuccess: (batch) => client.setQueryData(['engagement', 'batch', batch.id], batch),
  });
}

/** Asked again every second while it runs; the lists once it is done. */
export function useBatch(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['engagement', 'batch', id],
    enabled: !!id,
    queryFn: async ({ signal }) => {
      const batch = await call(api.getEngagementLetterBatch, { params: { id: id! }, signal });
      if (batch.state === 'done') void client.invalidateQueries({ queryKey: ['engagement', 'letters'] });
      return batch;
    },
    refetchInterval: (q) => (q.state.data?.state === 'done' ? false : 1000),
  });
}
