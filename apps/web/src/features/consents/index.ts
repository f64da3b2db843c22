// The consents feature's public entry point (§7216 consents, issue 33 item 3; docs/decisions/0034): the only module
// the shell and other features may import. Each part is a chunk of its own, with its texts (i18n.ts).
export const loadConsentsPage = () => import('./consents-page.tsx');
export const loadConsentPage = () => import('./consent-page.tsx');
/** A client's consents and "Prepare a consent", for the contact page (staff). */
export const loadContactConsents = () => import('./contact-consents.tsx');
