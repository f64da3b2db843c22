// The cms feature's public entry point: the only module other features and the shell may import.
// Pages and panels load through these functions so that each stays its own chunk. The public site (pages, blog,
// galleries, events, jobs, forms) is one chunk of its own and imports nothing of the signed-in portal.
export const loadHomePage = () => import('./home-page.tsx');
export const loadSitePages = () => import('./site-pages.tsx');
/** The public site's code, all of it in before a page the server rendered is hydrated (hydrate-prerendered.tsx). */
export const preloadPublicSite = () =>
  Promise.all([loadSitePages(), import('./home-page.tsx').then((m) => m.preloadSiteHome())]);
// The website's editor (Admins and site editors): its own chunk, never loaded by the public site.
export const loadSiteEditor = () => import('./editor/site-editor-page.tsx');
export const loadSitePreview = () => import('./editor/site-preview-page.tsx');
// The public site's inbox (staff): its own chunk too.
export const loadSiteInbox = () => import('./inbox/site-inbox-page.tsx');
// The firm's name and logo for the portal's header (a small module: the header is in every page's first load).
export { useFirmBrand } from './firm-brand.ts';
// The site's public origin on pages the server rendered (entry-server.tsx, main.tsx): share links match.
export { setSiteOrigin } from './site-origin.ts';
/**
 * The site editor's rich text editor with its texts, for other staff editors (engagement letter templates,
 * docs/decisions/0036): its own chunk, as the editor's.
 */
export const loadRichTextEditor = () =>
  Promise.all([import('./editor/rich-text-editor.tsx'), import('./editor/i18n.ts')]).then(([m, texts]) => {
    texts.addEditorTexts();
    return m;
  });
