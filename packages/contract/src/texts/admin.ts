/** The catalogue, contacts, audit log and platform refusals staff and Admin meet. */
export const ADMIN_TEXTS = {} as const;
