export * from './client-import.ts';
export * from './client-invitations.ts';
