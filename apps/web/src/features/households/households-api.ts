import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { householdsEndpoints as endpoints, type HouseholdJoinBody, type InviteSpouseBody } from '@taxportal/contract';
import { call, toastOnError } from '../../lib/api/index.ts';
import { setSession } from '../../lib/session/index.ts';

/**
 * The caller's household (GET /api/v1/household): under the key the household's other parts (its dependents) sit
 * under too, so joining or leaving refreshes them as well.
 */
const key = ['household'] as const;
const self = [...key, 'self'] as const;

export function useHousehold(enabled = true) {
  return useQuery({
    queryKey: self,
    queryFn: ({ signal }) => call(endpoints.getHousehold, { signal }),
    enabled,
    staleTime: 30_000,
  });
}

function useHouseholdChange<V>(fn: (v: V) => Promise<unknown>, opts: { toast: boolean }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
    ...(opts.toast ? { meta: toastOnError } : {}),
  });
}

/** The form shows a refusal's field messages under its fields: no toast for them. */
export const useInviteSpouse = () =>
  useHouseholdChange((body: InviteSpouseBody) => call(endpoints.inviteSpouse, { body }), { toast: false });
export const useRevokeInvitation = () =>
  useHouseholdChange((id: string) => call(endpoints.revokeHouseholdInvitation, { params: { id } }), { toast: true });
export const useAcceptInvitation = () =>
  useHouseholdChange((id: string) => call(endpoints.acceptHouseholdInvitation, { params: { id } }), { toast: true });
export const useDeclineInvitation = () =>
  useHouseholdChange((id: string) => call(endpoints.declineHouseholdInvitation, { params: { id } }), { toast: true });
export const useLeaveHousehold = () => useHouseholdChange(() => call(endpoints.leaveHousehold), { toast: true });

/** The join link's invitation (POST, the token in the body), checked on arrival: a dead link says so at once. */
export function useJoinCheck(token: string) {
  return useQuery({
    queryKey: ['household-join', token],
    queryFn: () => call(endpoints.checkHouseholdJoin, { body: { token } }),
    enabled: token.length >= 10,
    retry: false,
    staleTime: Infinity,
  });
}

/** Joins from the link: the account is made and signed in; the cache starts afresh for the new person. */
export function useJoinHousehold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HouseholdJoinBody) => call(endpoints.joinHousehold, { body }),
    onSuccess: (session) => {
      client.clear();
      setSession(client, session);
    },
  });
}
