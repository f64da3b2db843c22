import { MESSAGES } from '../messages.ts';
import { endpoint, noContentResponse } from '../common/endpoint.ts';
import { changePasswordBodySchema, statusMessageSchema } from './change-password.ts';
import { messageSchema, passwordResetBodySchema, passwordResetConfirmBodySchema } from './password-reset.ts';
import { registerBodySchema } from './register.ts';
import { existsQuerySchema, existsResponseSchema, loginBodySchema, sessionSchema } from './session.ts';
import {
  oidcCallbackQuerySchema,
  oidcFormPostSchema,
  oidcLinkBodySchema,
  oidcParamsSchema,
  oidcPendingLinkSchema,
  phoneStartBodySchema,
  phoneStartResponseSchema,
  phoneVerifiedResponseSchema,
  phoneVerifyBodySchema,
  signInMethodsSchema,
} from './sign-in-methods.ts';
import { apiTokenListSchema, apiTokenParamsSchema, createApiTokenBodySchema, createdApiTokenSchema } from './tokens.ts';

const tags = ['Accounts'];

export const register = endpoint({
  method: 'POST',
  path: '/api/v1/auth/register',
  public: true,
  tags,
  summary: 'Create a customer account and sign in',
  body: registerBodySchema,
  response: { 201: sessionSchema },
});

export const accountExists = endpoint({
  method: 'GET',
  path: '/api/v1/auth/exists',
  public: true,
  tags,
  summary: 'Whether an account exists for an e-mail',
  query: existsQuerySchema,
  response: { 200: existsResponseSchema },
});

export const login = endpoint({
  method: 'POST',
  path: '/api/v1/auth/login',
  public: true,
  tags,
  summary: 'Sign in',
  body: loginBodySchema,
  response: { 200: sessionSchema },
  // A wrong password, or a second factor asked for (`mfa-required`, naming the field: `otp` or `passkey`).
  errors: [401],
});

export const logout = endpoint({
  method: 'POST',
  path: '/api/v1/auth/logout',
  public: true,
  tags,
  summary: 'End the session',
  response: { 200: messageSchema },
  // A session's sign-out without its CSRF header.
  errors: [403],
});

export const getSession = endpoint({
  method: 'GET',
  path: '/api/v1/auth/session',
  tags,
  summary: 'The signed-in user',
  response: { 200: sessionSchema },
});

export const changePassword = endpoint({
  method: 'POST',
  path: '/api/v1/auth/change-password',
  tags,
  summary: "Change the caller's password",
  body: changePasswordBodySchema,
  response: { 200: statusMessageSchema },
});

export const requestPasswordReset = endpoint({
  method: 'POST',
  path: '/api/v1/auth/password-reset',
  public: true,
  tags,
  summary: 'E-mail a reset link (always 202)',
  body: passwordResetBodySchema,
  response: { 202: messageSchema },
});

export const confirmPasswordReset = endpoint({
  method: 'POST',
  path: '/api/v1/auth/password-reset/confirm',
  public: true,
  tags,
  summary: 'Set a new password with a reset token',
  body: passwordResetConfirmBodySchema,
  response: { 200: messageSchema },
});

export const listApiTokens = endpoint({
  method: 'GET',
  path: '/api/v1/auth/tokens',
  tags,
  summary: "The caller's API tokens",
  response: { 200: apiTokenListSchema },
});

export const createApiToken = endpoint({
  method: 'POST',
  path: '/api/v1/auth/tokens',
  sessionOnly: MESSAGES.tokenCannotMintTokens,
  tags,
  summary:
    'Create an API token (scope read or write, default read; expires in 1-365 days, default 30); the secret is shown once. Signed-in sessions only: a token cannot create tokens',
  body: createApiTokenBodySchema,
  response: { 201: createdApiTokenSchema },
});

export const revokeApiToken = endpoint({
  method: 'DELETE',
  path: '/api/v1/auth/tokens/:id',
  response: noContentResponse,
  tags,
  summary: 'Revoke an API token',
  params: apiTokenParamsSchema,
});

export const signInMethods = endpoint({
  method: 'GET',
  path: '/api/v1/auth/methods',
  public: true,
  tags,
  summary: 'Sign-in methods offered',
  response: { 200: signInMethodsSchema },
});

export const phoneSignInStart = endpoint({
  method: 'POST',
  path: '/api/v1/auth/phone/start',
  public: true,
  tags,
  summary: 'Text a sign-in code',
  body: phoneStartBodySchema,
  response: { 202: phoneStartResponseSchema },
});

export const phoneSignInVerify = endpoint({
  method: 'POST',
  path: '/api/v1/auth/phone/verify',
  public: true,
  tags,
  summary: 'Sign in with a texted code',
  body: phoneVerifyBodySchema,
  response: { 200: sessionSchema },
});

export const phoneVerificationStart = endpoint({
  method: 'POST',
  path: '/api/v1/auth/phone/verification/start',
  tags,
  summary: 'Text a code to verify a phone',
  body: phoneStartBodySchema,
  response: { 202: phoneStartResponseSchema },
});

export const phoneVerificationVerify = endpoint({
  method: 'POST',
  path: '/api/v1/auth/phone/verification/verify',
  tags,
  summary: 'Verify a phone with its code',
  body: phoneVerifyBodySchema,
  response: { 200: phoneVerifiedResponseSchema },
});

export const oidcStart = endpoint({
  method: 'GET',
  path: '/api/v1/auth/oidc/:provider/start',
  answers: { 302: { description: "To the provider's sign-in page" } },
  public: true,
  tags,
  summary: 'Start social sign-in',
  params: oidcParamsSchema,
});

export const oidcCallback = endpoint({
  method: 'GET',
  path: '/api/v1/auth/oidc/:provider/callback',
  answers: { 302: { description: 'Signed in (or refused): to the page the flow ends on' } },
  public: true,
  tags,
  summary: 'Social sign-in callback',
  params: oidcParamsSchema,
  query: oidcCallbackQuerySchema,
});

/**
 * Apple answers by a form POST from its own site (`response_mode=form_post`): that cross-site POST carries none of
 * our SameSite=Lax cookies, so the flow cookie is read on the GET callback it is sent on to (303, same fields).
 */
export const oidcFormPostCallback = endpoint({
  method: 'POST',
  path: '/api/v1/auth/oidc/:provider/callback',
  answers: { 303: { description: 'To the GET callback, with the same fields' } },
  public: true,
  tags,
  summary: 'Social sign-in callback (form post)',
  params: oidcParamsSchema,
  body: oidcFormPostSchema,
});

export const oidcPendingLink = endpoint({
  method: 'GET',
  path: '/api/v1/auth/oidc/link',
  public: true,
  tags,
  summary: 'Pending social link',
  response: { 200: oidcPendingLinkSchema },
  // No social sign-in waiting to be linked in this browser.
  errors: [404],
});

export const oidcConfirmLink = endpoint({
  method: 'POST',
  path: '/api/v1/auth/oidc/link',
  public: true,
  tags,
  summary: 'Confirm a social link',
  body: oidcLinkBodySchema,
  response: { 200: sessionSchema },
});
