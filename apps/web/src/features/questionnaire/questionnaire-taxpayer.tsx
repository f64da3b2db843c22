import { Fieldset, Select, SimpleGrid, Stack } from '@mantine/core';
import { FILING_STATUSES } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import type { AnyForm, FieldKey } from './questionnaire-sections.tsx';
import { ItemList, NumberField, SecretField, TextField, YesNo } from './questionnaire-fields.tsx';
import { getIn } from './questionnaire-autosave.ts';

interface SectionProps {
  form: AnyForm;
  ticketId: string;
  isStaff: boolean;
}

/** SPEC's tax_payer section: who is filing, with spouse and dependents. */
export function TaxPayerSection({ form, ticketId, isStaff }: SectionProps) {
  const { t } = useTranslation();
  const f = (key: FieldKey) => t(`questionnaire.fields.${key}`);
  const status = getIn(form.answers, ['filing_status']) as string | null | undefined;
  const married = status === 'married_joint' || status === 'married_separate';
  const secret = (path: (string | number)[], account = false) => (
    <SecretField
      form={form}
      path={path}
      label={f(path[path.length - 1] as FieldKey)}
      ticketId={ticketId}
      revealPath={`tax_payer.${path.join('.')}`}
      canReveal={isStaff}
      account={account}
    />
  );

  return (
    <Stack gap="lg">
      <Select
        label={f('filing_status')}
        data={FILING_STATUSES.map((s) => ({ value: s, label: t(`questionnaire.filingStatus.${s}`) }))}
        value={status ?? null}
        onChange={(v) => form.set(['filing_status'], v)}
        clearable
        data-testid="q-filing_status"
        error={form.errors.filing_status}
        maw={420}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField form={form} path={['first_name']} label={f('first_name')} autoComplete="given-name" />
        <TextField form={form} path={['last_name']} label={f('last_name')} autoComplete="family-name" />
        <TextField form={form} path={['date_of_birth']} label={f('date_of_birth')} type="date" autoComplete="bday" />
        <TextField form={form} path={['occupation']} label={f('occupation')} autoComplete="organization-title" />
        {secret(['ssn'])}
        {secret(['itin'])}
        <TextField form={form} path={['phone']} label={f('phone')} type="tel" autoComplete="tel" />
      </SimpleGrid>
      <Fieldset legend={f('address')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField form={form} path={['address', 'line1']} label={f('line1')} autoComplete="address-line1" />
          <TextField form={form} path={['address', 'line2']} label={f('line2')} autoComplete="address-line2" />
          <TextField form={form} path={['address', 'city']} label={f('city')} autoComplete="address-level2" />
          <TextField form={form} path={['address', 'state']} label={f('state')} autoComplete="address-level1" />
          <TextField
            form={form}
            path={['address', 'zip']}
            label={f('zip')}
            autoComplete="postal-code"
            inputMode="numeric"
          />
        </SimpleGrid>
      </Fieldset>
      {married && (
        <Fieldset legend={f('spouse')} data-testid="q-spouse">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField form={form} path={['spouse', 'first_name']} label={f('first_name')} autoComplete="off" />
            <TextField form={form} path={['spouse', 'last_name']} label={f('last_name')} autoComplete="off" />
            <TextField
              form={form}
              path={['spouse', 'date_of_birth']}
              label={f('date_of_birth')}
              type="date"
              autoComplete="off"
            />
            <TextField form={form} path={['spouse', 'occupation']} label={f('occupation')} autoComplete="off" />
            {secret(['spouse', 'ssn'])}
            {secret(['spouse', 'itin'])}
          </SimpleGrid>
        </Fieldset>
      )}
      <YesNo form={form} path={['has_dependents']} label={f('has_dependents')}>
        <ItemList
          form={form}
          path={['dependents']}
          itemTitle={(n) => t('questionnaire.fields.dependent', { n })}
          addLabel={f('addDependent')}
          blank={() => ({ first_name: null })}
          render={(i) => (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextField
                form={form}
                path={['dependents', i, 'first_name']}
                label={f('first_name')}
                autoComplete="off"
              />
              <TextField form={form} path={['dependents', i, 'last_name']} label={f('last_name')} autoComplete="off" />
              <TextField
                form={form}
                path={['dependents', i, 'date_of_birth']}
                label={f('date_of_birth')}
                type="date"
                autoComplete="off"
              />
              <TextField
                form={form}
                path={['dependents', i, 'relationship']}
                label={f('relationship')}
                autoComplete="off"
              />
              {secret(['dependents', i, 'ssn'])}
              <NumberField
                form={form}
                path={['dependents', i, 'months_lived_with_you']}
                label={f('months_lived_with_you')}
                max={12}
              />
            </SimpleGrid>
          )}
        />
      </YesNo>
      <Fieldset legend={f('direct_deposit')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField
            form={form}
            path={['direct_deposit', 'routing_number']}
            label={f('routing_number')}
            autoComplete="off"
            inputMode="numeric"
          />
          {secret(['direct_deposit', 'account_number'], true)}
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
