export * from './engagement-messages.ts';
export * from './engagement.ts';
export * from './letter-batches.ts';
