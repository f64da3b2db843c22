export * from './field-messages.ts';
export * from './organizer-definition.ts';
export * from './household-group.ts';
export * from './organizer-rules.ts';
export * from './organizer-answers.ts';
export * from './organizer.ts';
export * from './sample-organizer.ts';
export * from './standard-organizer.ts';
