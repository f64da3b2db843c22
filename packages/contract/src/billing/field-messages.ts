/**
 * Billing's field messages (invoice lines, the test card form); FIELD_TEXTS.billing in the server's catalogue.
 * Schemas name them as `{ error: () => BILLING_FIELD_MESSAGES.x }` (common/field-messages.ts says why).
 */
export const BILLING_FIELD_MESSAGES = {
  paymentId: 'Not a payment id',
  cardNumber: 'Enter a card number',
  cardExpiry: 'Use MM/YY',
  cardCode: 'Enter the 3 or 4 digit code',
  descriptionRequired: 'Description is required',
  quantityWhole: 'Quantity is a whole number',
} as const;
