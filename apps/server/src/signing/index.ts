// The signing feature's (Form 8879) public entry point: other features and app.ts import it only from here
// (docs/decisions/0010).
export { signingRoutes } from './signing.routes.ts';
/**
 * The reusable part of signing, for other signed documents (engagement letters, docs/decisions/0036): the firm's
 * identity check, a person's own factor checked under Form 8879's rules and the confirmation token it buys, the
 * drawn or typed signature taken in, and the PDF kit (fonts, safe text, wrapping, the factor's words, UTC stamps).
 */
export type { SigningDeps } from './signing.deps.ts';
export { isStrictIdentity } from './signing.settings.ts';
export { checkOwnFactor, isWeakFactor, ownFactorsOf, type OwnFactorAnswer } from './signing.identity.ts';
export { checkConfirmation, confirmationToken, CONFIRMATION_MINUTES } from './signing.tokens.ts';
export { sameName, signatureImage, typedSignature } from './signing.service.ts';
export { embedFonts, factorText, pdfSafe, utcStamp, wrap } from './signing.pdf.ts';
export { PdfTextFlow } from './signing.pdf-flow.ts';
