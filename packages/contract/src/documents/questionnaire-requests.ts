import type { QuestionnaireSection } from './questionnaire.ts';

/**
 * A questionnaire "yes" that calls for a document: the request it makes on the ticket (the questionnaire's server
 * names it `<section>.<question>`, so saving again never duplicates it), in the firm's words in English and Spanish.
 * The standard organizer (organizer/standard-organizer.ts) asks for the same documents with the same "yes".
 */
export interface QuestionnaireRequest {
  section: QuestionnaireSection;
  question: string;
  label: { en: string; es: string };
  /** The catalogue's Tax Document Type, by name (none: null). */
  document_type: string | null;
}

export const QUESTIONNAIRE_REQUESTS: readonly QuestionnaireRequest[] = [
  { section: 'investment', question: 'has_w2', label: { en: 'W-2', es: 'W-2' }, document_type: 'W-2' },
  {
    section: 'investment',
    question: 'has_interest',
    label: { en: '1099-INT', es: '1099-INT' },
    document_type: '1099-INT',
  },
  {
    section: 'investment',
    question: 'has_dividends',
    label: { en: '1099-DIV', es: '1099-DIV' },
    document_type: '1099-DIV',
  },
  { section: 'investment', question: 'has_brokerage', label: { en: '1099-B', es: '1099-B' }, document_type: '1099-B' },
  {
    section: 'investment',
    question: 'has_crypto',
    label: { en: 'Crypto transaction report', es: 'Informe de operaciones con criptomonedas' },
    document_type: '1099-B',
  },
  {
    section: 'investment',
    question: 'has_rental',
    label: { en: 'Rental income and expenses', es: 'Ingresos y gastos de alquiler' },
    document_type: 'Receipts',
  },
  {
    section: 'investment',
    question: 'has_self_employment',
    label: { en: '1099-NEC', es: '1099-NEC' },
    document_type: '1099-NEC',
  },
  {
    section: 'investment',
    question: 'has_retirement_distributions',
    label: { en: '1099-R', es: '1099-R' },
    document_type: '1099-R',
  },
  {
    section: 'expense',
    question: 'has_mortgage_interest',
    label: { en: '1098 mortgage interest', es: '1098 de intereses hipotecarios' },
    document_type: '1098 Mortgage Interest',
  },
  {
    section: 'expense',
    question: 'has_property_tax',
    label: { en: 'Property tax statement', es: 'Constancia del impuesto sobre la propiedad' },
    document_type: 'Receipts',
  },
  {
    section: 'expense',
    question: 'has_charitable_gifts',
    label: { en: 'Charitable receipts', es: 'Recibos de donaciones' },
    document_type: 'Receipts',
  },
  {
    section: 'expense',
    question: 'has_student_loan_interest',
    label: { en: '1098-E', es: '1098-E' },
    document_type: '1098-E Student Loan Interest',
  },
  {
    section: 'expense',
    question: 'has_education',
    label: { en: '1098-T', es: '1098-T' },
    document_type: '1098-T Tuition',
  },
  {
    section: 'expense',
    question: 'has_child_care',
    label: { en: 'Child care provider statement', es: 'Constancia del proveedor de cuidado infantil' },
    document_type: 'Receipts',
  },
  {
    section: 'expense',
    question: 'has_hsa',
    label: { en: 'HSA forms (1099-SA, 5498-SA)', es: 'Formularios de la HSA (1099-SA, 5498-SA)' },
    document_type: null,
  },
  {
    section: 'global_asset',
    question: 'has_foreign_accounts',
    label: { en: 'Foreign account statements', es: 'Estados de cuentas en el extranjero' },
    document_type: 'Bank Statement',
  },
];
