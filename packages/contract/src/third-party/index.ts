export * from './document-shares.ts';
export * from './messages.ts';
export * from './offers.ts';
