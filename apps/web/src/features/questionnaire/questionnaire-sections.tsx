import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { FBAR_THRESHOLD_USD, type QuestionnaireSection } from '@taxportal/contract';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { getIn, type SectionForm } from './questionnaire-autosave.ts';
import { ItemList, NumberField, SecretField, TextField, YesNo } from './questionnaire-fields.tsx';
import type catalogue from './en.json';

export type AnyForm = SectionForm<QuestionnaireSection>;
/** A question or field with a label in the catalogue (questionnaire.fields.*). */
export type FieldKey = keyof typeof catalogue.questionnaire.fields;

type Detail = { key: FieldKey; kind: 'money' | 'text' | 'count' };
/**
 * A yes/no question and what is asked when the answer is yes (the standard organizer asks the same: its test reads
 * these).
 */
export const INVESTMENT: { question: FieldKey; detail?: Detail }[] = [
  { question: 'has_interest', detail: { key: 'interest_amount', kind: 'money' } },
  { question: 'has_dividends', detail: { key: 'dividends_amount', kind: 'money' } },
  { question: 'has_brokerage', detail: { key: 'brokerage_proceeds', kind: 'money' } },
  { question: 'has_crypto', detail: { key: 'crypto_details', kind: 'text' } },
  { question: 'has_rental', detail: { key: 'rental_properties', kind: 'count' } },
  { question: 'has_self_employment', detail: { key: 'business_description', kind: 'text' } },
  { question: 'has_retirement_distributions', detail: { key: 'retirement_amount', kind: 'money' } },
  { question: 'has_other_income', detail: { key: 'other_income_description', kind: 'text' } },
];
export const EXPENSE: { question: FieldKey; detail: Detail }[] = [
  { question: 'has_mortgage_interest', detail: { key: 'mortgage_interest_amount', kind: 'money' } },
  { question: 'has_property_tax', detail: { key: 'property_tax_amount', kind: 'money' } },
  { question: 'has_charitable_gifts', detail: { key: 'charitable_amount', kind: 'money' } },
  { question: 'has_medical', detail: { key: 'medical_amount', kind: 'money' } },
  { question: 'has_student_loan_interest', detail: { key: 'student_loan_interest_amount', kind: 'money' } },
  { question: 'has_education', detail: { key: 'education_amount', kind: 'money' } },
  { question: 'has_child_care', detail: { key: 'child_care_amount', kind: 'money' } },
  { question: 'has_hsa', detail: { key: 'hsa_amount', kind: 'money' } },
  { question: 'has_estimated_payments', detail: { key: 'estimated_payments_amount', kind: 'money' } },
];

function DetailField({ form, detail }: { form: AnyForm; detail: Detail }) {
  const { t } = useTranslation();
  const label = t(`questionnaire.fields.${detail.key}`);
  if (detail.kind === 'text') return <TextField form={form} path={[detail.key]} label={label} multiline />;
  return <NumberField form={form} path={[detail.key]} label={label} money={detail.kind === 'money'} max={50} />;
}

function Questions({ form, list }: { form: AnyForm; list: { question: FieldKey; detail?: Detail }[] }) {
  const { t } = useTranslation();
  return list.map(({ question, detail }) => (
    <YesNo key={question} form={form} path={[question]} label={t(`questionnaire.fields.${question}`)}>
      {detail && <DetailField form={form} detail={detail} />}
    </YesNo>
  ));
}

/** SPEC's investment section: income of every kind. */
export function InvestmentSection({ form }: { form: AnyForm }) {
  const { t } = useTranslation();
  const f = (key: FieldKey) => t(`questionnaire.fields.${key}`);
  return (
    <Stack gap="lg">
      <YesNo form={form} path={['has_w2']} label={f('has_w2')}>
        <ItemList
          form={form}
          path={['w2_jobs']}
          itemTitle={(n) => t('questionnaire.fields.w2_job', { n })}
          addLabel={f('addJob')}
          blank={() => ({ employer: null })}
          render={(i) => (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextField form={form} path={['w2_jobs', i, 'employer']} label={f('employer')} />
              <TextField form={form} path={['w2_jobs', i, 'state']} label={f('state')} />
              <NumberField form={form} path={['w2_jobs', i, 'wages']} label={f('wages')} money />
              <NumberField
                form={form}
                path={['w2_jobs', i, 'federal_withholding']}
                label={f('federal_withholding')}
                money
              />
            </SimpleGrid>
          )}
        />
      </YesNo>
      <Questions form={form} list={INVESTMENT} />
    </Stack>
  );
}

/** SPEC's expense section: deductions and credits. */
export function ExpenseSection({ form }: { form: AnyForm }) {
  return (
    <Stack gap="lg">
      <Questions form={form} list={EXPENSE} />
    </Stack>
  );
}

const usd = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });

/** SPEC's global_asset section: foreign accounts (with the FBAR note) and other foreign assets. */
export function GlobalAssetSection({ form, ticketId, isStaff }: { form: AnyForm; ticketId: string; isStaff: boolean }) {
  const { t } = useTranslation();
  const f = (key: FieldKey) => t(`questionnaire.fields.${key}`);
  const has = getIn(form.answers, ['has_foreign_accounts']) === true;
  const accounts = (getIn(form.answers, ['foreign_accounts']) as { highest_balance_usd?: number | null }[]) ?? [];
  // Computed from what is on screen, so the note follows the typing; the server computes the same.
  const total = has ? accounts.reduce((n, a) => n + (a.highest_balance_usd ?? 0), 0) : 0;
  const over = total > FBAR_THRESHOLD_USD;
  return (
    <Stack gap="lg">
      <YesNo form={form} path={['has_foreign_accounts']} label={f('has_foreign_accounts')}>
        <ItemList
          form={form}
          path={['foreign_accounts']}
          itemTitle={(n) => t('questionnaire.fields.foreign_account', { n })}
          addLabel={f('addAccount')}
          blank={() => ({ country: null })}
          render={(i) => (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextField form={form} path={['foreign_accounts', i, 'country']} label={f('country')} />
              <TextField form={form} path={['foreign_accounts', i, 'institution']} label={f('institution')} />
              <SecretField
                form={form}
                path={['foreign_accounts', i, 'account_number']}
                label={f('account_number')}
                ticketId={ticketId}
                revealPath={`global_asset.foreign_accounts.${i}.account_number`}
                canReveal={isStaff}
                account
              />
              <NumberField
                form={form}
                path={['foreign_accounts', i, 'highest_balance_usd']}
                label={f('highest_balance_usd')}
                money
              />
            </SimpleGrid>
          )}
        />
        {over ? (
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={18} />}
            title={t('questionnaire.fbar.title')}
            // The light orange title is too pale to read (WCAG AA): a dark shade.
            style={{ '--alert-color': 'var(--mantine-color-red-9)' } as CSSProperties}
            data-testid="fbar-note"
          >
            {t('questionnaire.fbar.over', { total: usd(total), threshold: usd(FBAR_THRESHOLD_USD) })}
          </Alert>
        ) : (
          <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} data-testid="fbar-under">
            {t('questionnaire.fbar.under', { total: usd(total), threshold: usd(FBAR_THRESHOLD_USD) })}
          </Alert>
        )}
      </YesNo>
      <YesNo form={form} path={['has_other_foreign_assets']} label={f('has_other_foreign_assets')}>
        <TextField
          form={form}
          path={['other_foreign_assets_description']}
          label={f('other_foreign_assets_description')}
          multiline
        />
      </YesNo>
    </Stack>
  );
}
