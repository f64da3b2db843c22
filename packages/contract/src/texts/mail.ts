/** What every e-mail the server sends opens with. */
export const MAIL_TEXTS = {
  hello: 'Hello {{name}},',
  helloNoName: 'Hello,',
} as const;
