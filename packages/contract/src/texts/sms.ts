/**
 * Every text message the server sends. `firm` is the firm's published name (a value), `code` the code, `minutes`
 * how long it is good for (PHONE_CODE_TTL_MINUTES).
 */
export const SMS_TEXTS = {
  /** A sign-in or phone-verification code. */
  code: 'Your {{firm}} code is {{code}}. It expires in {{minutes}} minutes. Do not share it.',
  /** A code that confirms the signer of Form 8879. */
  signingCode: 'Your {{firm}} code to sign Form 8879 is {{code}}. It expires in {{minutes}} minutes. Do not share it.',
} as const;
