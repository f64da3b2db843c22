// Values only, without zod: the browser reads them (the message form's limit, the conversation's page size), and a
// module is bundled whole with whatever of it any chunk reads (messages.ts holds the schemas).

export const MESSAGE_PAGE_SIZE = 100;
export const MESSAGE_MAX_LENGTH = 10_000;
