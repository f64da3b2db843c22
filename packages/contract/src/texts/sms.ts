/** Every text message the server sends. */
export const SMS_TEXTS = {} as const;
