import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import {
  consentLastDay,
  consentsEndpoints as endpoints,
  isStaffRole,
  renderConsentDocument,
  type ConsentDetail,
} from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { endpointUrl } from '../../lib/api/index.ts';
import { useSession } from '../../lib/session/index.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Fact } from '../../ui/fact.tsx';
import { formatDateTime, formatDay } from '../../ui/format.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { showSuccessToast } from '../../ui/toast.tsx';
import { useConsent, useDeclineConsent, useRevokeConsent, useWithdrawConsent } from './consents-api.ts';
import { ConsentStatusBadge } from './consent-list.tsx';
import { addConsentsTexts } from './i18n.ts';
import { SignConsentForm } from './sign-consent-form.tsx';

addConsentsTexts();

/** The document as text at the page's own body size (Rev. Proc. 2013-14: no smaller than the site's body text). */
function DocumentText({ text, testId }: { text: string; testId: string }) {
  return (
    <Text size="md" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid={testId}>
      {text}
    </Text>
  );
}

/** The Spanish reader's courtesy translation, drawn from the consent's fields; never what is signed. */
function Translation({ c }: { c: ConsentDetail }) {
  const { t } = useTranslation();
  const text = renderConsentDocument(
    {
      kind: c.kind,
      preparer_name: c.preparer_name,
      taxpayer_names: c.taxpayer_names,
      signer_name: c.customer.full_name,
      purpose: c.purpose,
      information: c.information,
      recipient_name: c.recipient_name,
      recipient_email: c.recipient_email,
      ends_on: c.ends_on,
    },
    'es',
  );
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="consent-translation">
      <Stack gap="sm">
        <Text fw={600} size="sm" lang="es">
          {t('consents.translation')}
        </Text>
        <div lang="es">
          <DocumentText text={text} testId="consent-translation-text" />
        </div>
      </Stack>
    </Paper>
  );
}

type Asking = 'decline' | 'revoke' | 'withdraw' | null;

/** /consents/:id: the consent as sent, its signature, and what the reader may do with it now. */
export function ConsentPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const { data: session } = useSession();
  const consent = useConsent(id);
  const decline = useDeclineConsent(id);
  const revoke = useRevokeConsent(id);
  const withdraw = useWithdrawConsent(id);
  const [asking, setAsking] = useState<Asking>(null);
  if (!session || consent.isPending) return <PageLoader />;
  if (consent.isError) return <Alert color="gray">{consent.error.message}</Alert>;
  const c = consent.data;
  const staff = isStaffRole(session.login_role);
  const own = !staff && c.customer.id === session.user.id;
  const act = (m: typeof decline, done: string) =>
    m.mutate(undefined, {
      onSuccess: () => {
        setAsking(null);
        showSuccessToast(done);
      },
    });
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/consents" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('consents.back')}
        </Group>
      </Anchor>
      <PageTitle
        title={t(`consents.kind.${c.kind}`)}
        subtitle={
          <Group gap="xs" component="span">
            <ConsentStatusBadge status={c.status} />
            {staff && <span>{c.customer.full_name}</span>}
          </Group>
        }
        actions={
          <>
            {own && c.status === 'signed' && (
              <Button color="red.9" onClick={() => setAsking('revoke')} data-testid="consent-revoke">
                {t('consents.revoke.action')}
              </Button>
            )}
            {staff && c.status === 'sent' && (
              <Button variant="default" onClick={() => setAsking('withdraw')} data-testid="consent-withdraw">
                {t('consents.withdraw.action')}
              </Button>
            )}
          </>
        }
      />
      <Alert color="blue" variant="light" data-testid="consent-not-condition">
        {t('consents.notCondition')}
      </Alert>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Text fw={600}>{t('consents.document')}</Text>
          <div lang="en">
            <DocumentText text={c.body} testId="consent-document" />
          </div>
        </Stack>
      </Paper>
      {i18n.language.startsWith('es') && <Translation c={c} />}
      {c.signature && (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="consent-signature">
          <Stack gap="sm">
            <Text fw={600}>{t('consents.signature.title')}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Fact label={t('consents.signature.name')}>{c.signature.name}</Fact>
              <Fact label={t('consents.signature.at')}>{formatDateTime(c.signature.signed_at)}</Fact>
              <Fact label={t('consents.signature.factor')}>
                {t(`consents.sign.factors.${c.signature.factor}`, { phone: '' })}
              </Fact>
              {c.expires_at && (
                <Fact label={t('consents.signature.expires')}>{formatDay(consentLastDay(c.expires_at))}</Fact>
              )}
              <Fact label={t('consents.signature.ip')}>{c.signature.ip ?? '—'}</Fact>
              <Fact label={t('consents.signature.agent')}>{c.signature.user_agent ?? '—'}</Fact>
              <Fact label={t('consents.signature.sha')}>
                <Text ff="monospace" size="xs" style={{ overflowWrap: 'anywhere' }}>
                  {c.signature.text_sha256}
                </Text>
              </Fact>
            </SimpleGrid>
            <Group>
              <Button
                component="a"
                href={endpointUrl(endpoints.getConsentPdf, { id: c.id })}
                download={`consent-${c.id}.pdf`}
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                data-testid="consent-pdf"
              >
                {t('consents.signature.pdf')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {own && c.status === 'sent' && (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <SignConsentForm consent={c} />
            <Group>
              <Button variant="default" onClick={() => setAsking('decline')} data-testid="consent-decline">
                {t('consents.sign.decline')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      <ConfirmDialog
        opened={asking === 'decline'}
        label={t('consents.sign.decline')}
        message={t('consents.sign.declineConfirm')}
        busy={decline.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => act(decline, t('consents.sign.declined'))}
        testId="consent-decline-confirm"
      />
      <ConfirmDialog
        opened={asking === 'revoke'}
        label={t('consents.revoke.action')}
        message={t('consents.revoke.confirm')}
        confirmLabel={t('consents.revoke.action')}
        danger
        busy={revoke.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => act(revoke, t('consents.revoke.done'))}
        testId="consent-revoke-confirm"
      />
      <ConfirmDialog
        opened={asking === 'withdraw'}
        label={t('consents.withdraw.action')}
        message={t('consents.withdraw.confirm')}
        busy={withdraw.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => act(withdraw, t('consents.withdraw.done'))}
        testId="consent-withdraw-confirm"
      />
    </Stack>
  );
}
