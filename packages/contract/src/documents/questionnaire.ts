import { z } from 'zod';
import { isoDateSchema, multilineText, opaqueText, text } from '../common/text.ts';
import { DOCUMENT_FIELD_MESSAGES } from './field-messages.ts';
import { taxIdAnswer } from './tax-id.ts';

/** SPEC's Tax Ticket Profile sections, in the order the questionnaire asks them. */
export const QUESTIONNAIRE_SECTIONS = ['tax_payer', 'investment', 'expense', 'global_asset'] as const;
export type QuestionnaireSection = (typeof QUESTIONNAIRE_SECTIONS)[number];
/**
 * The sections whose "yes" answers ask for documents (income slips, expense receipts, foreign statements). A service
 * names which of them apply to it (Service.document_sections): an FBAR filing asks for foreign statements, not a W-2.
 */
export const DOCUMENT_SECTIONS = ['investment', 'expense', 'global_asset'] as const;
export type DocumentSection = (typeof DOCUMENT_SECTIONS)[number];
export const isDocumentSection = (s: string): s is DocumentSection =>
  (DOCUMENT_SECTIONS as readonly string[]).includes(s);

/** FinCEN 114 (FBAR): due when the foreign accounts' highest balances together pass this, in USD. */
export const FBAR_THRESHOLD_USD = 10_000;

export const FILING_STATUSES = [
  'single',
  'married_joint',
  'married_separate',
  'head_of_household',
  'qualifying_surviving_spouse',
] as const;

/** A new SSN or ITIN (tax-id.ts: the one rule, the organizer's too) or the masked value the server sent ("keep it"). */
const taxId = taxIdAnswer();
/** A bank account number (4 to 17 digits) or its mask (`****1234`), meaning "keep it". */
const accountNumber = z
  .string()
  .trim()
  .regex(/^(\d{4,17}|\*{4}\d{4})$/, { error: () => DOCUMENT_FIELD_MESSAGES.accountNumber });

const answerText = (max = 120) => text().max(max).nullable().optional();
const answerNote = (max: number) => multilineText().max(max).nullable().optional();
const yesNo = z.boolean().nullable().optional();
const money = z
  .number({ error: () => DOCUMENT_FIELD_MESSAGES.number })
  .nonnegative()
  .max(1_000_000_000)
  .nullable()
  .optional();
const date = isoDateSchema(() => DOCUMENT_FIELD_MESSAGES.date)
  .nullable()
  .optional();
/** List items carry a client-made id, so a masked value can be matched to what is stored. */
const itemId = z.string().regex(/^[\w-]{1,40}$/, { error: () => DOCUMENT_FIELD_MESSAGES.itemId });

export const taxPayerAnswersSchema = z.strictObject({
  filing_status: z.enum(FILING_STATUSES).nullable().optional(),
  first_name: answerText(),
  last_name: answerText(),
  date_of_birth: date,
  ssn: taxId.nullable().optional(),
  itin: taxId.nullable().optional(),
  phone: answerText(30),
  occupation: answerText(),
  address: z
    .strictObject({
      line1: answerText(200),
      line2: answerText(200),
      city: answerText(),
      state: answerText(40),
      zip: answerText(12),
    })
    .nullable()
    .optional(),
  spouse: z
    .strictObject({
      first_name: answerText(),
      last_name: answerText(),
      date_of_birth: date,
      ssn: taxId.nullable().optional(),
      itin: taxId.nullable().optional(),
      occupation: answerText(),
    })
    .nullable()
    .optional(),
  has_dependents: yesNo,
  dependents: z
    .array(
      z.strictObject({
        id: itemId,
        first_name: answerText(),
        last_name: answerText(),
        date_of_birth: date,
        relationship: answerText(60),
        ssn: taxId.nullable().optional(),
        months_lived_with_you: z.number().int().min(0).max(12).nullable().optional(),
      }),
    )
    .max(20)
    .optional(),
  direct_deposit: z
    .strictObject({
      routing_number: z
        .string()
        .regex(/^\d{9}$/, { error: () => DOCUMENT_FIELD_MESSAGES.nineDigits })
        .nullable()
        .optional(),
      account_number: accountNumber.nullable().optional(),
    })
    .nullable()
    .optional(),
});

export const investmentAnswersSchema = z.strictObject({
  has_w2: yesNo,
  w2_jobs: z
    .array(
      z.strictObject({
        id: itemId,
        employer: answerText(),
        state: answerText(40),
        wages: money,
        federal_withholding: money,
      }),
    )
    .max(20)
    .optional(),
  has_interest: yesNo,
  interest_amount: money,
  has_dividends: yesNo,
  dividends_amount: money,
  has_brokerage: yesNo,
  brokerage_proceeds: money,
  has_crypto: yesNo,
  crypto_details: answerNote(1000),
  has_rental: yesNo,
  rental_properties: z.number().int().min(0).max(50).nullable().optional(),
  has_self_employment: yesNo,
  business_description: answerNote(1000),
  has_retirement_distributions: yesNo,
  retirement_amount: money,
  has_other_income: yesNo,
  other_income_description: answerNote(1000),
});

export const expenseAnswersSchema = z.strictObject({
  has_mortgage_interest: yesNo,
  mortgage_interest_amount: money,
  has_property_tax: yesNo,
  property_tax_amount: money,
  has_charitable_gifts: yesNo,
  charitable_amount: money,
  has_medical: yesNo,
  medical_amount: money,
  has_student_loan_interest: yesNo,
  student_loan_interest_amount: money,
  has_education: yesNo,
  education_amount: money,
  has_child_care: yesNo,
  child_care_amount: money,
  has_hsa: yesNo,
  hsa_amount: money,
  has_estimated_payments: yesNo,
  estimated_payments_amount: money,
});

export const globalAssetAnswersSchema = z.strictObject({
  has_foreign_accounts: yesNo,
  foreign_accounts: z
    .array(
      z.strictObject({
        id: itemId,
        country: answerText(80),
        institution: answerText(),
        account_number: accountNumber.nullable().optional(),
        highest_balance_usd: money,
      }),
    )
    .max(30)
    .optional(),
  has_other_foreign_assets: yesNo,
  other_foreign_assets_description: answerNote(1000),
});

export const SECTION_SCHEMAS = {
  tax_payer: taxPayerAnswersSchema,
  investment: investmentAnswersSchema,
  expense: expenseAnswersSchema,
  global_asset: globalAssetAnswersSchema,
} as const;
export type TaxPayerAnswers = z.infer<typeof taxPayerAnswersSchema>;
export type InvestmentAnswers = z.infer<typeof investmentAnswersSchema>;
export type ExpenseAnswers = z.infer<typeof expenseAnswersSchema>;
export type GlobalAssetAnswers = z.infer<typeof globalAssetAnswersSchema>;
export interface SectionAnswers {
  tax_payer: TaxPayerAnswers;
  investment: InvestmentAnswers;
  expense: ExpenseAnswers;
  global_asset: GlobalAssetAnswers;
}

/**
 * Fields held encrypted, by path inside their section (`*` = every item of a list). Responses carry them
 * masked; a masked value sent back means "unchanged", null (or leaving it out) clears it: the sealed value
 * is deleted from storage. An empty string is not a clear (422, like any value that is not nine digits).
 */
export const SECRET_FIELDS: Record<QuestionnaireSection, readonly string[]> = {
  tax_payer: ['ssn', 'itin', 'spouse.ssn', 'spouse.itin', 'dependents.*.ssn', 'direct_deposit.account_number'],
  investment: [],
  expense: [],
  global_asset: ['foreign_accounts.*.account_number'],
};
export const isMaskedValue = (v: string): boolean => v.startsWith('***');

export const sectionProgressSchema = z.object({ answered: z.number().int(), required: z.number().int() });
export type SectionProgress = z.infer<typeof sectionProgressSchema>;

const sectionStateSchema = <T extends z.ZodType>(answers: T) =>
  z.object({
    answers,
    progress: sectionProgressSchema,
    updated_at: z.string().nullable(),
    /**
     * Answers carried over from an earlier ticket that nobody has saved since: they ask for no documents until the
     * taxpayer confirms them (saves the section).
     */
    carried_over: z.boolean(),
  });

export const ticketProfileSchema = z.object({
  ticket_id: z.string(),
  ticket_name: z.string(),
  customer_id: z.string(),
  customer_name: z.string(),
  year: z.number().int(),
  sections: z.object({
    tax_payer: sectionStateSchema(taxPayerAnswersSchema),
    investment: sectionStateSchema(investmentAnswersSchema),
    expense: sectionStateSchema(expenseAnswersSchema),
    global_asset: sectionStateSchema(globalAssetAnswersSchema),
  }),
  /** Answered over required, all sections, 0–100. */
  completion: z.number().int().min(0).max(100),
  /** The ticket whose answers filled this one when it was empty. */
  prefilled_from: z.string().nullable(),
  /** The sections whose "yes" answers ask for documents on this ticket's service (Service.document_sections). */
  document_sections: z.array(z.enum(DOCUMENT_SECTIONS)),
  fbar: z.object({
    total_highest_balance_usd: z.number(),
    threshold_usd: z.number(),
    exceeds_threshold: z.boolean(),
  }),
});
export type TicketProfile = z.infer<typeof ticketProfileSchema>;

/** POST /api/v1/tickets/:id/profile/reveal: one secret, in clear, audited. */
export const revealFieldBodySchema = z.object({
  field: z
    .string()
    .max(120)
    .regex(/^(tax_payer|investment|expense|global_asset)\.[a-z_]+(\.(\d{1,2}|[a-z_]+))*$/, {
      error: () => DOCUMENT_FIELD_MESSAGES.unknownField,
    }),
});
export const revealFieldResponseSchema = z.object({ field: z.string(), value: z.string() });

/** GET /api/v1/questionnaires: the questionnaires (one per ticket) of the caller, or of a customer (staff). */
export const listQuestionnairesQuerySchema = z.object({ customer_id: opaqueText().min(1).max(64).optional() });
export const questionnaireSummarySchema = z.object({
  ticket_id: z.string(),
  ticket_name: z.string(),
  service_name: z.string(),
  year: z.number().int(),
  status: z.string(),
  completion: z.number().int(),
  updated_at: z.string().nullable(),
  created_at: z.string(),
});
export const questionnaireListSchema = z.object({ items: z.array(questionnaireSummarySchema) });
export type QuestionnaireSummary = z.infer<typeof questionnaireSummarySchema>;
