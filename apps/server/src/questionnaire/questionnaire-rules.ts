import {
  FBAR_THRESHOLD_USD,
  type ExpenseAnswers,
  type GlobalAssetAnswers,
  type InvestmentAnswers,
  type QuestionnaireSection,
  type SectionAnswers,
  type SectionProgress,
  type TaxPayerAnswers,
} from '@taxportal/contract';

/** The questionnaire's domain rules: what counts as answered, and which answers call for which documents. */

const filled = (v: unknown) => (typeof v === 'string' ? v.trim() !== '' : v !== null && v !== undefined);
const answeredYesNo = (v: unknown) => v === true || v === false;
const count = (checks: boolean[]): SectionProgress => ({
  answered: checks.filter(Boolean).length,
  required: checks.length,
});

function taxPayerProgress(a: TaxPayerAnswers): SectionProgress {
  const married = a.filing_status === 'married_joint' || a.filing_status === 'married_separate';
  const address = a.address;
  const checks = [
    filled(a.filing_status),
    filled(a.first_name),
    filled(a.last_name),
    filled(a.date_of_birth),
    filled(a.ssn) || filled(a.itin),
    !!address && filled(address.line1) && filled(address.city) && filled(address.state) && filled(address.zip),
    filled(a.occupation),
    answeredYesNo(a.has_dependents),
  ];
  if (married) {
    checks.push(!!a.spouse && filled(a.spouse.first_name) && filled(a.spouse.last_name));
    checks.push(!!a.spouse && (filled(a.spouse.ssn) || filled(a.spouse.itin)));
  }
  if (a.has_dependents === true) checks.push((a.dependents ?? []).some((d) => filled(d.first_name)));
  return count(checks);
}

const INVESTMENT_QUESTIONS = [
  'has_w2',
  'has_interest',
  'has_dividends',
  'has_brokerage',
  'has_crypto',
  'has_rental',
  'has_self_employment',
  'has_retirement_distributions',
  'has_other_income',
] as const;
function investmentProgress(a: InvestmentAnswers): SectionProgress {
  const checks = INVESTMENT_QUESTIONS.map((q) => answeredYesNo(a[q]));
  if (a.has_w2 === true) checks.push((a.w2_jobs ?? []).some((j) => filled(j.employer)));
  return count(checks);
}

const EXPENSE_QUESTIONS = [
  'has_mortgage_interest',
  'has_property_tax',
  'has_charitable_gifts',
  'has_medical',
  'has_student_loan_interest',
  'has_education',
  'has_child_care',
  'has_hsa',
  'has_estimated_payments',
] as const;
const expenseProgress = (a: ExpenseAnswers): SectionProgress =>
  count(EXPENSE_QUESTIONS.map((q) => answeredYesNo(a[q])));

function globalAssetProgress(a: GlobalAssetAnswers): SectionProgress {
  const checks = [answeredYesNo(a.has_foreign_accounts), answeredYesNo(a.has_other_foreign_assets)];
  if (a.has_foreign_accounts === true)
    checks.push(
      (a.foreign_accounts ?? []).some(
        (f) => filled(f.country) && filled(f.institution) && filled(f.highest_balance_usd),
      ),
    );
  if (a.has_other_foreign_assets === true) checks.push(filled(a.other_foreign_assets_description));
  return count(checks);
}

export function sectionProgress<S extends QuestionnaireSection>(
  section: S,
  answers: SectionAnswers[S],
): SectionProgress {
  switch (section) {
    case 'tax_payer':
      return taxPayerProgress(answers as TaxPayerAnswers);
    case 'investment':
      return investmentProgress(answers as InvestmentAnswers);
    case 'expense':
      return expenseProgress(answers as ExpenseAnswers);
    default:
      return globalAssetProgress(answers as GlobalAssetAnswers);
  }
}

export const completionOf = (progress: SectionProgress[]): number => {
  const required = progress.reduce((n, p) => n + p.required, 0);
  const answered = progress.reduce((n, p) => n + p.answered, 0);
  return required ? Math.floor((answered * 100) / required) : 0;
};

export function fbarOf(a: GlobalAssetAnswers) {
  const total = (a.has_foreign_accounts === false ? [] : (a.foreign_accounts ?? [])).reduce(
    (n, f) => n + (f.highest_balance_usd ?? 0),
    0,
  );
  return {
    total_highest_balance_usd: Math.round(total * 100) / 100,
    threshold_usd: FBAR_THRESHOLD_USD,
    exceeds_threshold: total > FBAR_THRESHOLD_USD,
  };
}
