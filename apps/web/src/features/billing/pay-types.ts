import type { PaymentResult } from '@taxportal/contract';

/** What a card form hands the dialog: a call that pays, or throws what went wrong. */
export type PaySubmit = (pay: () => Promise<PaymentResult>) => Promise<void>;

/** A failure whose message is the card provider's (Stripe.js), not our server's. */
export class CardError extends Error {}
