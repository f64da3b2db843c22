import { endpoint, noContentResponse } from '../common/endpoint.ts';
import {
  householdDependentBodySchema,
  householdDependentListSchema,
  householdDependentParamsSchema,
  householdDependentSchema,
  revealHouseholdDependentResponseSchema,
} from './dependents.ts';

/** The household's dependents (dependents.ts): its members only; another household's dependent is 404. */
const tags = ['Households'];
const roles = ['Customer'] as const;

export const listHouseholdDependents = endpoint({
  method: 'GET',
  path: '/api/v1/household/dependents',
  roles,
  tags,
  summary: "The dependents of the caller's household (their own when they have none), SSNs masked",
  response: { 200: householdDependentListSchema },
});

export const createHouseholdDependent = endpoint({
  method: 'POST',
  path: '/api/v1/household/dependents',
  roles,
  tags,
  summary: 'Add a dependent to the household (at most 20)',
  body: householdDependentBodySchema,
  response: { 201: householdDependentSchema },
});

export const updateHouseholdDependent = endpoint({
  method: 'PUT',
  path: '/api/v1/household/dependents/:id',
  roles,
  tags,
  summary: 'Change a household dependent (either spouse); a masked SSN keeps the stored one, null removes it',
  params: householdDependentParamsSchema,
  body: householdDependentBodySchema,
  response: { 200: householdDependentSchema },
});

export const deleteHouseholdDependent = endpoint({
  method: 'DELETE',
  path: '/api/v1/household/dependents/:id',
  roles,
  tags,
  summary: "Remove a dependent from the household (the returns' answers keep what they were given)",
  params: householdDependentParamsSchema,
  response: noContentResponse,
});

export const revealHouseholdDependent = endpoint({
  method: 'POST',
  path: '/api/v1/household/dependents/:id/reveal',
  roles,
  tags,
  summary: "A household dependent's SSN or ITIN in clear; audited",
  params: householdDependentParamsSchema,
  response: { 200: revealHouseholdDependentResponseSchema },
});
