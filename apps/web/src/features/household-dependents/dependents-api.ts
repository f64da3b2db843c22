import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type HouseholdDependentBody } from '@taxportal/contract';
import { call, toastOnError } from '../../lib/api/index.ts';

/** The household's dependents (GET /api/v1/household/dependents), under one key every change refreshes. */
const key = ['household', 'dependents'] as const;

export function useHouseholdDependents() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => call(endpoints.listHouseholdDependents, { signal }) });
}

/** A new dependent (no id) or the whole dependent again; a refusal's field messages go to the form (no toast). */
export function useSaveDependent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: HouseholdDependentBody }) =>
      id
        ? call(endpoints.updateHouseholdDependent, { params: { id }, body })
        : call(endpoints.createHouseholdDependent, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useRemoveDependent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(endpoints.deleteHouseholdDependent, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
    meta: toastOnError,
  });
}

/** The number in clear; audited on the server. */
export function useRevealDependent() {
  return useMutation({
    mutationFn: (id: string) => call(endpoints.revealHouseholdDependent, { params: { id } }),
  });
}
