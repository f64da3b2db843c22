import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, siteAdminEndpoints, type EndpointBody } from '@taxportal/contract';
import { call, toastOnError } from '../../lib/api/index.ts';
import { setSession } from '../../lib/session/index.ts';
import type { StaffRole } from './staff-dialogs.tsx';

const key = ['admin', 'staff'] as const;

/** The staff list, 20 at a time from the server, searched (every word of the name or e-mail) and by role. */
export function useStaff(enabled: boolean, q: string, role: StaffRole | null) {
  return useInfiniteQuery({
    queryKey: [...key, 'list', q, role],
    queryFn: ({ pageParam, signal }) =>
      call(endpoints.listStaff, {
        query: {
          limit: 20,
          ...(q ? { q } : {}),
          ...(role ? { role } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: (prev) => prev,
    enabled,
  });
}

export function useUpdateStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EndpointBody<typeof endpoints.updateStaff> }) =>
      call(endpoints.updateStaff, { params: { id }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
    meta: toastOnError,
  });
}

export function useInviteStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof endpoints.inviteStaff>) => call(endpoints.inviteStaff, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
    meta: toastOnError,
  });
}

/** Admin: the invitation's link stops working at once; the list drops it. */
export function useRevokeInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(endpoints.revokeStaffInvitation, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
    meta: toastOnError,
  });
}

/** Admin: a new link is mailed, the old one stops working, the 7 days start again (the list shows the new expiry). */
export function useResendInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(endpoints.resendStaffInvitation, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
    meta: toastOnError,
  });
}

/** What an invitation link is for, asked on arrival: a withdrawn, used or replaced link is refused before typing. */
export function useInvitationCheck(token: string) {
  return useQuery({
    queryKey: ['invitation-check', token],
    queryFn: () => call(endpoints.checkInvitation, { body: { token } }),
    enabled: token.length >= 10,
    retry: false,
    staleTime: Infinity,
  });
}

export function useAcceptInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof endpoints.acceptInvitation>) => call(endpoints.acceptInvitation, { body }),
    onSuccess: (session) => {
      client.clear();
      setSession(client, session);
    },
    meta: toastOnError,
  });
}

// Who may edit the public site besides Admins (the site editor's permission; only Admins grant it).
const editorsKey = ['admin', 'site-editors'] as const;

export function useSiteEditors(enabled: boolean) {
  return useQuery({
    queryKey: editorsKey,
    queryFn: ({ signal }) => call(siteAdminEndpoints.listSiteEditors, { signal }),
    enabled,
  });
}

export function useSetSiteEditor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, editor }: { userId: string; editor: boolean }): Promise<void> => {
      if (editor) await call(siteAdminEndpoints.grantSiteEditor, { body: { user_id: userId } });
      else await call(siteAdminEndpoints.revokeSiteEditor, { params: { userId } });
    },
    onSettled: () => client.invalidateQueries({ queryKey: editorsKey }),
    meta: toastOnError,
  });
}

/** Admin: removes the person's second factors and ends their sessions (the staff list itself does not change). */
export function useResetFactors() {
  return useMutation({
    mutationFn: (id: string) => call(endpoints.resetStaffFactors, { params: { id } }),
    meta: toastOnError,
  });
}
