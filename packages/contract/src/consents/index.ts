export * from './consents.ts';
export * from './document.ts';
export * from './statements.ts';
