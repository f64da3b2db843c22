import { Anchor, Button, Group, Paper, Stack, Stepper, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import type { ClientImport } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '../../lib/session/index.ts';
import { ForbiddenNotice } from '../../ui/forbidden-notice.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { useClientImport, useClientImports } from './client-import-api.ts';
import { addClientImportTexts } from './i18n.ts';
import { DryRunStep } from './dry-run-step.tsx';
import { InvitationsStep } from './invitations-step.tsx';
import { MappingStep } from './mapping-step.tsx';
import { UploadStep } from './upload-step.tsx';

addClientImportTexts();

const STEP_NAMES = ['file', 'columns', 'check', 'invite'] as const;

/** Which step an import is at: columns until checked, the check's summary, then invitations once imported. */
const stepOf = (imp: ClientImport | undefined, remapping: boolean) =>
  !imp ? 0 : imp.status === 'committed' ? 3 : imp.status === 'checked' && !remapping ? 2 : 1;

function Steps({ active }: { active: number }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  if (isPhone)
    return (
      <Text size="sm" fw={600} data-testid="import-step">
        {t('clientImport.stepOf', { step: active + 1, name: t(`clientImport.steps.${STEP_NAMES[active]!}`) })}
      </Text>
    );
  return (
    <Stepper active={active} size="sm" allowNextStepsSelect={false} data-testid="import-step">
      {STEP_NAMES.map((s) => (
        <Stepper.Step key={s} label={t(`clientImport.steps.${s}`)} />
      ))}
    </Stepper>
  );
}

function RecentImports() {
  const { t } = useTranslation();
  const list = useClientImports(true);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (!items.length) return null;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
      <Text fw={600} mb="xs">
        {t('clientImport.recent')}
      </Text>
      <Stack gap={6} data-testid="recent-imports">
        {items.map((i) => (
          <Group key={i.id} justify="space-between" gap="xs" wrap="wrap">
            <Anchor component={Link} to={`/admin/client-imports/${i.id}`} size="sm" style={{ wordBreak: 'break-word' }}>
              {i.file_name}
            </Anchor>
            <Group gap="xs">
              <Text size="xs" c="dimmed">
                {t('clientImport.rowsCount', { count: i.row_count })} · {formatDateTime(i.created_at)}
              </Text>
              <ToneBadge tone={i.status === 'committed' ? 'success' : 'neutral'}>
                {t(`clientImport.status.${i.status}`)}
              </ToneBadge>
            </Group>
          </Group>
        ))}
      </Stack>
      {list.hasNextPage && (
        <Button
          variant="subtle"
          mt="xs"
          onClick={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
          data-testid="recent-more"
        >
          {t('clientImport.more')}
        </Button>
      )}
    </Paper>
  );
}

/** /admin/client-imports(/:id): Admin's import of clients from CSV, step by step (issue 32). */
export function ClientImportPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const { data: session } = useSession();
  const isAdmin = !!session?.roles.includes('Admin');
  const imp = useClientImport(isAdmin ? id : undefined);
  const [remapping, setRemapping] = useState(false);
  if (!session) return <PageLoader />;
  if (!isAdmin) return <ForbiddenNotice />;
  if (id && imp.isPending) return <PageLoader />;
  const current = id ? imp.data : undefined;
  const active = stepOf(current, remapping);
  return (
    <Stack gap="lg" maw={1100} style={{ minWidth: 0 }}>
      <PageTitle
        title={t('clientImport.title')}
        subtitle={current ? current.file_name : t('clientImport.intro')}
        actions={
          current && (
            <Button
              variant="default"
              leftSection={<IconFileImport size={18} aria-hidden />}
              onClick={() => navigate('/admin/client-imports')}
            >
              {t('clientImport.newImport')}
            </Button>
          )
        }
      />
      <Steps active={active} />
      {!current && (
        <>
          <UploadStep onUploaded={(i) => navigate(`/admin/client-imports/${i.id}`)} />
          <RecentImports />
        </>
      )}
      {current && active === 1 && <MappingStep imp={current} onChecked={() => setRemapping(false)} />}
      {current && active === 2 && <DryRunStep imp={current} onRemap={() => setRemapping(true)} />}
      {current && active === 3 && <InvitationsStep imp={current} />}
    </Stack>
  );
}
