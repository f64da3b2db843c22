// The auth feature's public entry point: other features, app.ts and the demo sample import it only from here
// (docs/decisions/0010).
export { authRoutes } from './auth.routes.ts';
/** The caller's sessions and devices (the profile's Security tab). */
export { deviceSessionRoutes } from './device-sessions.routes.ts';
/** Signs a browser in on a reply (cookies + session view), for flows of other features that end in a sign-in. */
export { signInReply } from './sign-in-reply.ts';
export { createOidc, enabledProviders } from './oidc.service.ts';
/** Whether a user's current phone is verified (the profile shows it). */
export { hasVerifiedPhone } from './phone.repository.ts';
/** The customer account for a person staff help (an enquirer): the existing one, or a new one set up by mail. */
export { customerForPerson, type CustomerInviteDeps } from './customer-invitation.ts';
/** Set-your-password links for customers without a password (the client import's invitations). */
export {
  issueSetPasswordLink,
  isSetPasswordLinkLive,
  revokeSetPasswordLink,
  setPasswordTokenHash,
} from './customer-invitation.ts';
/**
 * Step-up at a sensitive step (signing Form 8879): the person's second factors, a passkey challenge bound to
 * them, an authenticator or recovery code, a code texted with the phone-code rules (docs/decisions/0021-a).
 */
export { secondFactorsOf, maskPhone } from './step-up.ts';
export { stepUpOptions as passkeyStepUpOptions, verifyStepUp as verifyPasskeyStepUp } from './passkeys.service.ts';
export { useCodeKind as useSecondFactorCode } from './mfa.service.ts';
export { sendStepUpCode, checkStepUpCode } from './phone.service.ts';
