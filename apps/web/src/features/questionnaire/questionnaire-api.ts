import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type QuestionnaireSection, type SectionAnswers } from '@taxportal/contract';
import { call } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const questionnaireKeys = {
  all: ['questionnaire'] as const,
  profile: (ticketId: string) => ['questionnaire', 'profile', ticketId] as const,
  list: ['questionnaire', 'list'] as const,
};

export function useProfile(ticketId: string) {
  return useQuery({
    queryKey: questionnaireKeys.profile(ticketId),
    queryFn: ({ signal }) => call(endpoints.getTicketProfile, { params: { id: ticketId }, signal }),
    // The form keeps its own state while it is open; refetching under it would fight the typing.
    refetchOnWindowFocus: false,
  });
}

/** The signed-in customer's questionnaires, newest ticket first. */
export function useQuestionnaires(enabled: boolean) {
  return useQuery({
    queryKey: questionnaireKeys.list,
    queryFn: ({ signal }) => call(endpoints.listQuestionnaires, { signal }),
    enabled,
  });
}

/** The PUT of one section or another: their bodies differ, their answer is the same profile. */
type SaveSectionEndpoint = (typeof endpoints.saveProfileSection)[QuestionnaireSection];

export function useSaveSection<S extends QuestionnaireSection>(ticketId: string, section: S) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answers: SectionAnswers[S]) =>
      // TypeScript cannot pair a section's endpoint with its answers through S: call it as any section's.
      call(endpoints.saveProfileSection[section] as SaveSectionEndpoint, { params: { id: ticketId }, body: answers }),
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
    mutationFn: (field: string) => call(endpoints.revealProfileField, { params: { id: ticketId }, body: { field } }),
  });
}
