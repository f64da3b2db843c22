import { Divider } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import type { TicketDetail } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../ui/section-card.tsx';
import { DraftsSection } from '../drafts/index.ts';
import { SigningSection } from './signing-section.tsx';

/** On the ticket page, for both sides: the draft versions and Form 8879. */
export function TicketDraftsPanel({ ticket, isStaff }: { ticket: TicketDetail; isStaff: boolean }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('signing.panelTitle')} icon={IconFileCertificate} data-testid="drafts-panel">
      <DraftsSection ticket={ticket} isStaff={isStaff} />
      <Divider />
      <SigningSection ticket={ticket} isStaff={isStaff} />
    </SectionCard>
  );
}
