export * from './uploads.ts';
export * from './documents.ts';
export * from './request-values.ts';
export * from './requests.ts';
export * from './questionnaire.ts';
export * from './draft-values.ts';
export * from './drafts.ts';
export * from './signing.ts';
