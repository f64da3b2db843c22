/**
 * The field messages of signing in, registering and passwords; FIELD_TEXTS.auth in the server's catalogue (an API
 * token's are in tokens.ts). Schemas name them as `{ error: () => AUTH_FIELD_MESSAGES.x }`
 * (common/field-messages.ts says why).
 */
export const AUTH_FIELD_MESSAGES = {
  emailRequired: 'E-mail is required',
  fullNameRequired: 'Full name is required',
  oldPasswordRequired: 'Old Password is required',
  newPasswordRequired: 'New password is required',
  confirmPasswordRequired: 'Confirm password is required',
  phoneCode: 'Enter the 6-digit code',
  codeRequired: 'Enter the code',
} as const;
