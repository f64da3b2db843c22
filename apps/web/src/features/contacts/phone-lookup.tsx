import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPhoneCheck, IconPhoneX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api/index.ts';
import { usePhoneLookup } from './contacts-api.ts';

/** Says whether a phone number belongs to a customer, and whose. */
export function PhoneLookupBox() {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const lookup = usePhoneLookup();
  const error =
    lookup.error && isApiError(lookup.error) ? (lookup.error.fieldMessage('phone') ?? lookup.error.detail) : null;

  return (
    <Paper withBorder shadow="xs" p="md" data-testid="phone-lookup">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (phone.trim()) lookup.mutate(phone.trim());
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('contacts.lookupTitle')}
          </Title>
          <Group gap="sm" align="flex-start" wrap="nowrap" maw={520}>
            <TextInput
              aria-label={t('contacts.lookupLabel')}
              placeholder={t('common.phonePlaceholder')}
              value={phone}
              onChange={(e) => setPhone(e.currentTarget.value)}
              error={error}
              style={{ flex: 1 }}
              inputMode="tel"
              data-testid="phone-lookup-input"
            />
            <Button type="submit" loading={lookup.isPending} size="md">
              {t('contacts.lookup')}
            </Button>
          </Group>
          {lookup.data &&
            (lookup.data.exists && lookup.data.customer ? (
              <Alert
                color="green"
                variant="light"
                icon={<IconPhoneCheck size={18} />}
                data-testid="phone-lookup-result"
              >
                <Text size="sm">
                  {t('contacts.lookupFound', { phone: lookup.data.phone })}{' '}
                  <Anchor component={Link} to={`/contacts/${lookup.data.customer.id}`} fw={600} size="sm">
                    {lookup.data.customer.full_name}
                  </Anchor>{' '}
                  ({lookup.data.customer.email})
                </Text>
              </Alert>
            ) : (
              <Alert color="gray" variant="light" icon={<IconPhoneX size={18} />} data-testid="phone-lookup-result">
                {t('contacts.lookupNotFound', { phone: lookup.data.phone })}
              </Alert>
            ))}
        </Stack>
      </form>
    </Paper>
  );
}
