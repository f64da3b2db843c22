import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useConsents } from './consents-api.ts';
import { ConsentList } from './consent-list.tsx';
import { addConsentsTexts } from './i18n.ts';
import { PrepareConsentForm } from './prepare-consent-form.tsx';

addConsentsTexts();

/** A client's §7216 consents on their contact page (staff), and preparing a new one. */
export function ContactConsents({ customerId, hasSpouse }: { customerId: string; hasSpouse: boolean }) {
  const { t } = useTranslation();
  const list = useConsents({ customer_id: customerId });
  const [preparing, setPreparing] = useState(false);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="contact-consents">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{t('consents.contact.title')}</Text>
          <Button
            variant="default"
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setPreparing(true)}
            data-testid="consent-prepare-open"
          >
            {t('consents.prepare.open')}
          </Button>
        </Group>
        {list.isPending ? <PageLoader /> : <ConsentList items={list.data?.items ?? []} showClient={false} />}
      </Stack>
      <Modal opened={preparing} onClose={() => setPreparing(false)} title={t('consents.prepare.title')} size="lg">
        <PrepareConsentForm customerId={customerId} hasSpouse={hasSpouse} onDone={() => setPreparing(false)} />
      </Modal>
    </Paper>
  );
}
