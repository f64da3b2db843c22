export * from './documents.ts';
export * from './requests.ts';
export * from './questionnaire.ts';
export * from './drafts.ts';
export * from './signing.ts';
