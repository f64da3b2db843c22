import { Divider } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import type { TicketDetail } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../ui/section-card.tsx';
import { DraftsSection, preloadDraftsStaffParts } from '../drafts/index.ts';
import { preloadSigningStaffParts, SigningSection } from './signing-section.tsx';

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
/** Staff's draft upload and Form 8879 forms load with the ticket, not after the panel draws (ticket-page.tsx). */
TicketDraftsPanel.preloadForStaff = () => {
  preloadDraftsStaffParts();
  preloadSigningStaffParts();
};
