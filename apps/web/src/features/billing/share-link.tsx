import { ActionIcon, Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconLink, IconLinkOff } from '@tabler/icons-react';
import type { ShareLink } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../ui/format.ts';
import { showSuccessToast } from '../../ui/toast.tsx';
import { useShareLink } from './billing-api.ts';

/** SPEC's hash key: a signed link to this one invoice, valid 7 days, that anyone can open; revocable. */
export function ShareLinkButton({ invoiceId }: { invoiceId: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [link, setLink] = useState<ShareLink | null>(null);
  const { create, revoke } = useShareLink();
  const error = create.error ?? revoke.error;

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconLink size={18} aria-hidden />}
        onClick={() => setOpened(true)}
        data-testid="share-open"
      >
        {t('billing.share.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('billing.share.title')}
        centered
        radius="md"
        data-testid="share-dialog"
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('billing.share.intro')}
          </Text>
          {error && (
            <Alert color="red" variant="light">
              {error.message}
            </Alert>
          )}
          {link ? (
            <Stack gap="xs">
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  label={t('billing.share.link')}
                  value={link.url}
                  readOnly
                  style={{ flex: 1 }}
                  onFocus={(e) => e.currentTarget.select()}
                  data-testid="share-url"
                />
                <CopyButton value={link.url}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t('billing.share.copied') : t('billing.share.copy')} withArrow>
                      <ActionIcon
                        size={36}
                        variant={copied ? 'filled' : 'default'}
                        color={copied ? 'green' : undefined}
                        onClick={copy}
                        aria-label={t('billing.share.copy')}
                        data-testid="share-copy"
                      >
                        {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
              <Text size="xs" c="dimmed">
                {t('billing.share.expires', { date: formatDateTime(link.expires_at) })}
              </Text>
            </Stack>
          ) : (
            <Button
              onClick={() => create.mutate(invoiceId, { onSuccess: setLink })}
              loading={create.isPending}
              leftSection={<IconLink size={18} aria-hidden />}
              data-testid="share-create"
            >
              {t('billing.share.create')}
            </Button>
          )}
          <Group justify="space-between" gap="sm">
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconLinkOff size={18} aria-hidden />}
              loading={revoke.isPending}
              onClick={() =>
                revoke.mutate(invoiceId, {
                  onSuccess: () => {
                    setLink(null);
                    showSuccessToast(t('billing.share.revoked'));
                  },
                })
              }
              data-testid="share-revoke"
            >
              {t('billing.share.revoke')}
            </Button>
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
