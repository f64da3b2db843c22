export * from './invoice-status.ts';
export * from './messages.ts';
export * from './invoices.ts';
export * from './share.ts';
export * from './payments.ts';
