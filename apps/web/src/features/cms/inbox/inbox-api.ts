import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { siteAdminEndpoints as endpoints, type EnquiryTicketBody } from '@taxportal/contract';
import { call, toastOnError } from '../../../lib/api/index.ts';

// The public site's inbox (staff): contact enquiries and web form submissions.
export type InboxStatus = 'new' | 'handled' | 'all';
const root = ['site-inbox'] as const;
export const inboxKeys = {
  enquiries: (status: InboxStatus, page: number) => [...root, 'enquiries', status, page] as const,
  enquiry: (id: string) => [...root, 'enquiry', id] as const,
  submissions: (status: InboxStatus, form: string | null, page: number) =>
    [...root, 'submissions', status, form, page] as const,
  submission: (id: string) => [...root, 'submission', id] as const,
};
const statusQuery = (status: InboxStatus) => (status === 'all' ? {} : { status });

export const useEnquiries = (status: InboxStatus, page: number) =>
  useQuery({
    queryKey: inboxKeys.enquiries(status, page),
    queryFn: ({ signal }) => call(endpoints.listEnquiries, { query: { ...statusQuery(status), page }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useEnquiry = (id: string) =>
  useQuery({
    queryKey: inboxKeys.enquiry(id),
    queryFn: ({ signal }) => call(endpoints.getEnquiry, { params: { id }, signal }),
    retry: false,
  });

export const useSubmissions = (status: InboxStatus, form: string | null, page: number) =>
  useQuery({
    queryKey: inboxKeys.submissions(status, form, page),
    queryFn: ({ signal }) =>
      call(endpoints.listInboxSubmissions, {
        query: { ...statusQuery(status), ...(form ? { form } : {}), page },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useSubmission = (id: string) =>
  useQuery({
    queryKey: inboxKeys.submission(id),
    queryFn: ({ signal }) => call(endpoints.getSubmission, { params: { id }, signal }),
    retry: false,
  });

/** Every change refreshes the inbox's lists and the item itself. */
function useInboxMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: toastOnError,
    onSuccess: () => client.invalidateQueries({ queryKey: root }),
  });
}

export const useMarkEnquiryHandled = (id: string) =>
  useInboxMutation(() => call(endpoints.markEnquiryHandled, { params: { id } }));
export const useReplyToEnquiry = (id: string) =>
  useInboxMutation((text: string) => call(endpoints.replyToEnquiry, { params: { id }, body: { text } }));
export const useEnquiryToTicket = (id: string) =>
  useInboxMutation((body: EnquiryTicketBody) => call(endpoints.enquiryToTicket, { params: { id }, body }));
export const useMarkSubmissionHandled = (id: string) =>
  useInboxMutation(() => call(endpoints.markSubmissionHandled, { params: { id } }));
