/** The editor's live preview: the frame's path, and the messages the editor and the frame exchange. */
export const PREVIEW_PATH = '/admin/site/preview';
export type PreviewMessage = { type: 'site-preview-ready' } | { type: 'site-preview'; page: Record<string, unknown> };
