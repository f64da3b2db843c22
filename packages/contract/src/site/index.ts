export * from './text.ts';
export * from './settings.ts';
export * from './blocks.ts';
export * from './content.ts';
export * from './site-api.ts';
export * from './paths.ts';
export * from './media.ts';
