// The auth feature's public entry point: the only module other features and the shell may import.
// Pages and panels load through these functions so that each stays its own chunk.
export { useLogout } from './auth-api.ts';
export { ChangePasswordModal } from './change-password-modal.tsx';
/** The sign-in page, with the parts it draws at once (register-page.tsx's preloadRegisterParts). */
export const loadRegisterPage = () =>
  import('./register-page.tsx').then(async (m) => {
    await m.preloadRegisterParts();
    return m;
  });
export const loadRegisterFormPage = () => import('./register-form-page.tsx');
export const loadResetPasswordPage = () => import('./reset-password-page.tsx');
export const loadSecurityPage = () => import('./security-page.tsx');
/** The second-factor panel (TOTP, recovery codes, passkeys), for the profile page to mount. */
export const loadSecurityPanel = () => import('./security-panel.tsx');
/** Proving a new phone number by a texted code, for the profile's phone change. */
export const loadPhoneVerification = () => import('./phone-verification.tsx');
/** Which sign-in methods the server offers: whether it can text codes (`phone`). */
export { useSignInMethods } from './sign-in-methods-api.ts';
