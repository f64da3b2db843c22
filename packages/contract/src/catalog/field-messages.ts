/**
 * The catalogue's field messages (service types, services, years, document types, tax templates); FIELD_TEXTS.catalog
 * in the server's catalogue. Schemas name them as `{ error: () => CATALOG_FIELD_MESSAGES.x }` (common/field-messages.ts
 * says why).
 */
export const CATALOG_FIELD_MESSAGES = {
  nothingToChange: 'Nothing to change.',
  yearFrom1990: 'Enter a year from 1990',
  serviceTypeRequired: 'Service type is required',
  currencyCode: 'Use an ISO currency code, e.g. USD',
  sectionChoice: 'Choose income, expenses or foreign assets',
  sectionOnce: 'Name each section once',
  rateWholeBasisPoints: 'Rate is in whole basis points (825 = 8.25 %)',
  rateAtMost100: 'Rate cannot exceed 100 %',
} as const;
