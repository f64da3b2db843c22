/** The in-portal notifications' titles and bodies, by kind. */
export const NOTIFICATION_TEXTS = {} as const;
