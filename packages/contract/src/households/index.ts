export * from './households.ts';
export * from './dependents.ts';
