import { QUESTIONNAIRE_REQUESTS } from '../documents/questionnaire-requests.ts';
import { FILING_STATUSES, type QuestionnaireSection } from '../documents/questionnaire.ts';
import type {
  AnswerRequestRule,
  Condition,
  FieldQuestion,
  LocalText,
  OrganizerDefinition,
  Question,
} from './organizer-definition.ts';

/**
 * SPEC's four questionnaire sections as an organizer (issue 32 item 1: "the default organizer, with the same fields
 * and texts"): what the builder's "Start from the standard questionnaire" copies. Each answer of the questionnaire is
 * a question here under the questionnaire's own id, a field of an object joined to it by `_` (`address.line1`:
 * `address_line1`, `spouse.ssn`: `spouse_ssn`), a list a repeating group of its items' fields; the labels are the
 * questionnaire page's (an object's legend is its fields' help); its SSNs and ITINs are `tax_id` questions and its
 * account numbers texts of that format, sealed alike; a question counts where the questionnaire's progress counts it;
 * a "yes" asks for what the questionnaire's asks for (QUESTIONNAIRE_REQUESTS). standard-organizer.test.ts (web)
 * holds it to the questionnaire, one to one. Tickets no organizer applies to keep the questionnaire itself (0031).
 */

const l = (en: string, es: string): LocalText => ({ en, es });
const optional = { required: false } as const;
const when = (question: string): Condition => ({ question, op: 'equals', value: true });
const requestOf = (question: string): AnswerRequestRule | null => {
  const rule = QUESTIONNAIRE_REQUESTS.find((r) => r.question === question);
  return rule ? { label: rule.label, document_type: rule.document_type } : null;
};
const yesNo = (id: string, label: LocalText): Question => ({ id, type: 'yes_no', label, request: requestOf(id) });
const text = (id: string, label: LocalText, more: Partial<FieldQuestion> = {}) =>
  ({ id, type: 'text', label, ...more }) as FieldQuestion;
const money = (id: string, label: LocalText, more: Partial<FieldQuestion> = {}) =>
  ({ id, type: 'money', label, ...more }) as FieldQuestion;

const ADDRESS = l('Home address', 'Domicilio');
const SPOUSE = l('Spouse', 'Cónyuge');
const DEPOSIT = l('Refund by direct deposit (optional)', 'Reembolso por depósito directo (opcional)');
const MARRIED: Condition = {
  any: [
    { question: 'filing_status', op: 'equals', value: 'married_joint' },
    { question: 'filing_status', op: 'equals', value: 'married_separate' },
  ],
};
const FILING_STATUS_LABELS: Record<(typeof FILING_STATUSES)[number], LocalText> = {
  single: l('Single', 'Soltero'),
  married_joint: l('Married filing jointly', 'Casado que presenta una declaración conjunta'),
  married_separate: l('Married filing separately', 'Casado que presenta una declaración por separado'),
  head_of_household: l('Head of household', 'Cabeza de familia'),
  qualifying_surviving_spouse: l('Qualifying surviving spouse', 'Cónyuge sobreviviente que reúne los requisitos'),
};

const FIRST_NAME = l('First name', 'Nombre');
const LAST_NAME = l('Last name', 'Apellido');
const BORN = l('Date of birth', 'Fecha de nacimiento');
const OCCUPATION = l('Occupation', 'Ocupación');
const SSN = l('SSN', 'Número de Seguro Social (SSN)');
const ITIN = l('ITIN (if you have no SSN)', 'ITIN (si no tiene SSN)');

const taxPayer: Question[] = [
  {
    id: 'filing_status',
    type: 'choice',
    label: l('Filing status', 'Estado civil para efectos de la declaración'),
    options: FILING_STATUSES.map((value) => ({ value, label: FILING_STATUS_LABELS[value] })),
  },
  text('first_name', FIRST_NAME),
  text('last_name', LAST_NAME),
  { id: 'date_of_birth', type: 'date', label: BORN },
  text('occupation', OCCUPATION),
  // The questionnaire counts "an SSN or an ITIN" once: here the SSN counts, the ITIN is for those without one.
  { id: 'ssn', type: 'tax_id', label: SSN },
  { id: 'itin', type: 'tax_id', label: ITIN, ...optional },
  text('phone', l('Phone', 'Teléfono'), optional),
  text('address_line1', l('Street address', 'Dirección (número y calle)'), { help: ADDRESS }),
  text('address_line2', l('Apartment, suite (optional)', 'Apartamento, oficina (opcional)'), {
    help: ADDRESS,
    ...optional,
  }),
  text('address_city', l('City', 'Ciudad'), { help: ADDRESS }),
  text('address_state', l('State', 'Estado'), { help: ADDRESS }),
  text('address_zip', l('ZIP code', 'Código postal'), { help: ADDRESS }),
  text('spouse_first_name', FIRST_NAME, { help: SPOUSE, show_if: MARRIED }),
  text('spouse_last_name', LAST_NAME, { help: SPOUSE, show_if: MARRIED }),
  { id: 'spouse_date_of_birth', type: 'date', label: BORN, help: SPOUSE, show_if: MARRIED, ...optional },
  text('spouse_occupation', OCCUPATION, { help: SPOUSE, show_if: MARRIED, ...optional }),
  { id: 'spouse_ssn', type: 'tax_id', label: SSN, help: SPOUSE, show_if: MARRIED },
  { id: 'spouse_itin', type: 'tax_id', label: ITIN, help: SPOUSE, show_if: MARRIED, ...optional },
  { id: 'has_dependents', type: 'yes_no', label: l('Do you have dependents?', '¿Tiene dependientes?') },
  {
    id: 'dependents',
    type: 'group',
    label: l('Dependents', 'Dependientes'),
    show_if: when('has_dependents'),
    item_label_field: 'first_name',
    max_items: 20,
    // Kept once per household and offered to each year's organizer (household-group.ts: the same ids).
    household_dependents: true,
    // The questionnaire counts the list once one dependent has a first name.
    fields: [
      text('first_name', FIRST_NAME),
      text('last_name', LAST_NAME, optional),
      { id: 'date_of_birth', type: 'date', label: BORN, ...optional },
      text('relationship', l('Relationship', 'Parentesco'), optional),
      { id: 'ssn', type: 'tax_id', label: SSN, ...optional },
      {
        id: 'months_lived_with_you',
        type: 'number',
        label: l('Months lived with you', 'Meses que vivió con usted'),
        integer: true,
        min: 0,
        max: 12,
        ...optional,
      },
    ],
  },
  text('direct_deposit_routing_number', l('Routing number', 'Número de ruta'), {
    help: DEPOSIT,
    format: 'routing_number',
    ...optional,
  }),
  text('direct_deposit_account_number', l('Account number', 'Número de cuenta'), {
    help: DEPOSIT,
    format: 'account_number',
    ...optional,
  }),
];

type Detail = { id: string; label: LocalText; kind: 'money' | 'note' | 'count' };
/** A "yes" (asking for its document) and what is asked once it is yes (not counted, as in the questionnaire). */
function yesThen(id: string, label: LocalText, detail?: Detail): Question[] {
  if (!detail) return [yesNo(id, label)];
  const shown = { show_if: when(id), ...optional };
  const asked: FieldQuestion =
    detail.kind === 'money'
      ? money(detail.id, detail.label, shown)
      : detail.kind === 'note'
        ? text(detail.id, detail.label, { multiline: true, ...shown })
        : { id: detail.id, type: 'number', label: detail.label, integer: true, min: 0, max: 50, ...shown };
  return [yesNo(id, label), asked];
}

const investment: Question[] = [
  yesNo('has_w2', l('Did you have W-2 income from a job?', '¿Tuvo ingresos de un empleo (Formulario W-2)?')),
  {
    id: 'w2_jobs',
    type: 'group',
    label: l('W-2 jobs', 'Empleos con Formulario W-2'),
    show_if: when('has_w2'),
    item_label_field: 'employer',
    max_items: 20,
    fields: [
      text('employer', l('Employer', 'Empleador')),
      text('state', l('State', 'Estado'), optional),
      money('wages', l('Wages (box 1)', 'Salarios (casilla 1)'), optional),
      money(
        'federal_withholding',
        l('Federal tax withheld (box 2)', 'Impuesto federal retenido (casilla 2)'),
        optional,
      ),
    ],
  },
  ...yesThen('has_interest', l('Did you receive interest (1099-INT)?', '¿Recibió intereses (Formulario 1099-INT)?'), {
    id: 'interest_amount',
    label: l('Interest received', 'Intereses recibidos'),
    kind: 'money',
  }),
  ...yesThen(
    'has_dividends',
    l('Did you receive dividends (1099-DIV)?', '¿Recibió dividendos (Formulario 1099-DIV)?'),
    { id: 'dividends_amount', label: l('Dividends received', 'Dividendos recibidos'), kind: 'money' },
  ),
  ...yesThen(
    'has_brokerage',
    l('Did you sell stocks, bonds or funds (1099-B)?', '¿Vendió acciones, bonos o fondos (Formulario 1099-B)?'),
    { id: 'brokerage_proceeds', label: l('Total proceeds', 'Producto total de las ventas'), kind: 'money' },
  ),
  ...yesThen(
    'has_crypto',
    l('Did you sell, trade or receive cryptocurrency?', '¿Vendió, intercambió o recibió criptomonedas?'),
    { id: 'crypto_details', label: l('Which exchanges or wallets?', '¿Qué plataformas o billeteras?'), kind: 'note' },
  ),
  ...yesThen('has_rental', l('Did you have rental income?', '¿Tuvo ingresos de alquiler?'), {
    id: 'rental_properties',
    label: l('Number of rental properties', 'Número de propiedades de alquiler'),
    kind: 'count',
  }),
  ...yesThen(
    'has_self_employment',
    l(
      'Did you have self-employment or freelance income (1099-NEC)?',
      '¿Tuvo ingresos de trabajo por cuenta propia o independiente (Formulario 1099-NEC)?',
    ),
    { id: 'business_description', label: l('What kind of work?', '¿Qué tipo de trabajo?'), kind: 'note' },
  ),
  ...yesThen(
    'has_retirement_distributions',
    l('Did you take retirement distributions (1099-R)?', '¿Recibió distribuciones de jubilación (Formulario 1099-R)?'),
    { id: 'retirement_amount', label: l('Amount distributed', 'Importe distribuido'), kind: 'money' },
  ),
  ...yesThen(
    'has_other_income',
    l(
      'Any other income (gambling, alimony, unemployment…)?',
      '¿Algún otro ingreso (juegos de azar, pensión alimenticia, desempleo…)?',
    ),
    { id: 'other_income_description', label: l('Describe it', 'Descríbalo'), kind: 'note' },
  ),
];

const paid = (id: string, question: LocalText, amountId: string, amount: LocalText) =>
  yesThen(id, question, { id: amountId, label: amount, kind: 'money' });

const expense: Question[] = [
  ...paid(
    'has_mortgage_interest',
    l('Did you pay mortgage interest (1098)?', '¿Pagó intereses hipotecarios (Formulario 1098)?'),
    'mortgage_interest_amount',
    l('Mortgage interest paid', 'Intereses hipotecarios pagados'),
  ),
  ...paid(
    'has_property_tax',
    l('Did you pay property tax?', '¿Pagó impuestos sobre la propiedad?'),
    'property_tax_amount',
    l('Property tax paid', 'Impuestos sobre la propiedad pagados'),
  ),
  ...paid(
    'has_charitable_gifts',
    l('Did you give to charity?', '¿Hizo donaciones a organizaciones benéficas?'),
    'charitable_amount',
    l('Total given', 'Total donado'),
  ),
  ...paid(
    'has_medical',
    l('Did you have large medical expenses?', '¿Tuvo gastos médicos elevados?'),
    'medical_amount',
    l('Medical expenses', 'Gastos médicos'),
  ),
  ...paid(
    'has_student_loan_interest',
    l('Did you pay student loan interest (1098-E)?', '¿Pagó intereses de préstamos estudiantiles (Formulario 1098-E)?'),
    'student_loan_interest_amount',
    l('Student loan interest paid', 'Intereses de préstamos estudiantiles pagados'),
  ),
  ...paid(
    'has_education',
    l('Did you pay tuition or education costs (1098-T)?', '¿Pagó matrícula o gastos de estudios (Formulario 1098-T)?'),
    'education_amount',
    l('Education costs', 'Gastos de estudios'),
  ),
  ...paid(
    'has_child_care',
    l('Did you pay for child or dependent care?', '¿Pagó por el cuidado de hijos o dependientes?'),
    'child_care_amount',
    l('Child care paid', 'Pagado por cuidado de hijos'),
  ),
  ...paid(
    'has_hsa',
    l(
      'Did you contribute to or spend from an HSA?',
      '¿Aportó a una cuenta de ahorros para la salud (HSA) o usó fondos de ella?',
    ),
    'hsa_amount',
    l('HSA contributions', 'Aportaciones a la HSA'),
  ),
  ...paid(
    'has_estimated_payments',
    l('Did you make estimated tax payments?', '¿Hizo pagos de impuesto estimado?'),
    'estimated_payments_amount',
    l('Estimated payments made', 'Pagos estimados realizados'),
  ),
];

const globalAsset: Question[] = [
  yesNo(
    'has_foreign_accounts',
    l(
      'Did you have a bank or financial account outside the United States?',
      '¿Tuvo una cuenta bancaria o financiera fuera de los Estados Unidos?',
    ),
  ),
  {
    id: 'foreign_accounts',
    type: 'group',
    label: l('Foreign accounts', 'Cuentas en el extranjero'),
    show_if: when('has_foreign_accounts'),
    item_label_field: 'institution',
    max_items: 30,
    // The questionnaire counts the list once an account has its country, institution and highest balance.
    fields: [
      text('country', l('Country', 'País')),
      text('institution', l('Bank or institution', 'Banco o institución')),
      text('account_number', l('Account number', 'Número de cuenta'), { format: 'account_number', ...optional }),
      money('highest_balance_usd', l('Highest balance during the year (USD)', 'Saldo máximo durante el año (USD)')),
    ],
  },
  yesNo(
    'has_other_foreign_assets',
    l(
      'Did you own other foreign assets (shares, property held through a foreign entity, pensions)?',
      '¿Tuvo otros activos en el extranjero (acciones, bienes a través de una entidad extranjera, pensiones)?',
    ),
  ),
  text('other_foreign_assets_description', l('Describe them', 'Descríbalos'), {
    multiline: true,
    show_if: when('has_other_foreign_assets'),
  }),
];

const SECTIONS: Record<QuestionnaireSection, { title: LocalText; questions: Question[] }> = {
  tax_payer: { title: l('My Profile', 'Mi perfil'), questions: taxPayer },
  investment: { title: l('Income/Investments', 'Ingresos/Inversiones'), questions: investment },
  expense: { title: l('Expenses/Deductions', 'Gastos/Deducciones'), questions: expense },
  global_asset: { title: l('Global Asset Reporting', 'Activos en el extranjero'), questions: globalAsset },
};

/** The standard organizer: SPEC's questionnaire, its sections in its order. */
export const STANDARD_ORGANIZER: OrganizerDefinition = {
  sections: (Object.keys(SECTIONS) as QuestionnaireSection[]).map((id) => ({ id, ...SECTIONS[id] })),
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A questionnaire's stored answers (by section) as answers to STANDARD_ORGANIZER: an object's fields joined to its
 * name by `_`, lists as they are (their items already one level deep). Values as stored (sealed ones still sealed
 * for their questionnaire: the caller opens them). What the standard organizer does not ask stays out.
 */
export function questionnaireAsStandardAnswers(sections: Partial<Record<QuestionnaireSection, Json>>): Json {
  const out: Json = {};
  for (const answers of Object.values(sections))
    for (const [key, value] of Object.entries(answers ?? {})) {
      if (isObject(value) && !('$sealed' in value))
        for (const [field, inner] of Object.entries(value)) out[`${key}_${field}`] = inner;
      else out[key] = value;
    }
  return out;
}
