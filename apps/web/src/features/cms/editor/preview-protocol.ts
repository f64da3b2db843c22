/** The editor's live preview: the frame's path, and the messages the editor and the frame exchange. */
export { SITE_PREVIEW_PATH as PREVIEW_PATH } from '@taxportal/contract';
export type PreviewMessage = { type: 'site-preview-ready' } | { type: 'site-preview'; page: Record<string, unknown> };
