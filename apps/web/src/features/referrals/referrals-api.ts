import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type ReferralSettingsBody } from '@taxportal/contract';
import { call, toastOnError } from '../../lib/api/index.ts';

const keys = {
  all: ['referrals'] as const,
  dashboard: ['referrals', 'dashboard'] as const,
  tree: (root: string | undefined, q: string) => ['referrals', 'tree', root ?? '', q] as const,
  settings: ['referrals', 'settings'] as const,
};

/** get_referal_dashboard_data: the customer's link, counts and first-level referrals. */
export function useReferralDashboard(enabled: boolean) {
  return useQuery({
    queryKey: keys.dashboard,
    queryFn: ({ signal }) => call(endpoints.getReferralDashboard, { signal }),
    enabled,
  });
}

/** get_firstlevel_customers: a branch (or, for staff, the whole tree or a search). */
export function useReferralTree(root: string | undefined, q: string) {
  return useQuery({
    queryKey: keys.tree(root, q),
    queryFn: ({ signal }) =>
      call(endpoints.getReferralTree, { query: { ...(root ? { root } : {}), ...(q ? { q } : {}) }, signal }),
    placeholderData: (prev) => prev,
    retry: false,
  });
}

export function useSendInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => call(endpoints.sendReferralInvitation, { body: { email } }),
    meta: toastOnError,
    onSuccess: () => client.invalidateQueries({ queryKey: keys.dashboard }),
  });
}

export function useReferralSettings(enabled: boolean) {
  return useQuery({
    queryKey: keys.settings,
    queryFn: ({ signal }) => call(endpoints.getReferralSettings, { signal }),
    enabled,
  });
}

export function useSaveReferralSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReferralSettingsBody) => call(endpoints.updateReferralSettings, { body }),
    meta: toastOnError,
    onSuccess: (data) => client.setQueryData(keys.settings, data),
  });
}
