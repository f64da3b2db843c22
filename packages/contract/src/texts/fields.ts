/** The contract's own field messages (its schemas' errors), by the rule they state. */
export const FIELD_TEXTS = {} as const;
