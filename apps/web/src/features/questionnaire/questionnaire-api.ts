import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuestionnaireSection, QuestionnaireSummary, SectionAnswers, TicketProfile } from '@taxportal/contract';
import { api } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const questionnaireKeys = {
  all: ['questionnaire'] as const,
  profile: (ticketId: string) => ['questionnaire', 'profile', ticketId] as const,
  list: ['questionnaire', 'list'] as const,
};

const profilePath = (ticketId: string, rest = '') => `/tickets/${encodeURIComponent(ticketId)}/profile${rest}`;

export function useProfile(ticketId: string) {
  return useQuery({
    queryKey: questionnaireKeys.profile(ticketId),
    queryFn: ({ signal }) => api.get<TicketProfile>(profilePath(ticketId), signal),
    // The form keeps its own state while it is open; refetching under it would fight the typing.
    refetchOnWindowFocus: false,
  });
}

/** The signed-in customer's questionnaires, newest ticket first. */
export function useQuestionnaires(enabled: boolean) {
  return useQuery({
    queryKey: questionnaireKeys.list,
    queryFn: ({ signal }) => api.get<{ items: QuestionnaireSummary[] }>('/questionnaires', signal),
    enabled,
  });
}

export function useSaveSection<S extends QuestionnaireSection>(ticketId: string, section: S) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answers: SectionAnswers[S]) => api.put<TicketProfile>(profilePath(ticketId, `/${section}`), answers),
    onSuccess: (profile) => {
      client.setQueryData(questionnaireKeys.profile(ticketId), profile);
      void client.invalidateQueries({ queryKey: questionnaireKeys.list });
      // Answers may have asked for documents.
      void client.invalidateQueries({ queryKey: queryKeys.documentRequests });
    },
  });
}

export function useRevealField(ticketId: string) {
  return useMutation({
    mutationFn: (field: string) =>
      api.post<{ field: string; value: string }>(profilePath(ticketId, '/reveal'), { field }),
  });
}
