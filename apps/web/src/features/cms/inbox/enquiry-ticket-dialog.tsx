import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import type { Enquiry } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api/index.ts';
import { showSuccessToast } from '../../../ui/toast.tsx';
import { formatMoney } from '../../../ui/format.ts';
import { useServices, useServiceTypes, useYears } from '../../tickets/index.ts';
import { useEnquiryToTicket } from './inbox-api.ts';

/**
 * The second click of "make customer and ticket": the service and tax year, preset to the first service type's
 * first service and the latest year offered, so Create is all it takes; the phone only when the enquiry has none
 * (or the server cannot read the enquiry's).
 */
export function EnquiryTicketDialog({
  enquiry,
  opened,
  onClose,
}: {
  enquiry: Enquiry;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const types = useServiceTypes();
  const [typeChoice, setType] = useState<string | null>(null);
  const type = typeChoice ?? types.data?.items[0]?.id ?? null;
  const services = useServices(type);
  const [serviceChoice, setService] = useState<string | null>(null);
  const serviceItems = services.data?.items ?? [];
  const service = serviceItems.some((s) => s.id === serviceChoice) ? serviceChoice : (serviceItems[0]?.id ?? null);
  const years = useYears();
  const yearItems = (years.data?.items ?? [])
    .map((y) => String(y.year))
    .sort()
    .reverse();
  const [yearChoice, setYear] = useState<string | null>(null);
  const year = yearChoice ?? yearItems[0] ?? null;
  const [phone, setPhone] = useState('');
  const convert = useEnquiryToTicket(enquiry.id);
  // The server's word on the phone: the one typed, or the enquiry's when it cannot be read (it then asks for one).
  const phoneError = isApiError(convert.error) ? convert.error.fieldMessage('phone') : undefined;
  const needsPhone = !enquiry.phone.trim() || phoneError !== undefined || phone !== '';

  const submit = () => {
    if (!service || !year) return;
    convert.mutate(
      { service_id: service, year: Number(year), ...(needsPhone ? { phone } : {}) },
      {
        onSuccess: (done) => {
          showSuccessToast(t('siteInbox.ticketDialog.done', { name: done.ticket_name }));
          onClose();
          void navigate(`/form/message/${done.ticket_name}`);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('siteInbox.ticketDialog.title')} centered>
      <Stack gap="sm" data-testid="enquiry-ticket-dialog">
        <Text size="sm">{t('siteInbox.ticketDialog.intro', { email: enquiry.email })}</Text>
        <Select
          label={t('siteInbox.ticketDialog.serviceType')}
          data={(types.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={type}
          onChange={(v) => {
            setType(v);
            setService(null);
          }}
          allowDeselect={false}
          data-testid="enquiry-ticket-type"
        />
        <Select
          label={t('siteInbox.ticketDialog.service')}
          data={serviceItems.map((s) => ({
            value: s.id,
            label: `${s.name} (${formatMoney(s.price_cents, s.currency)})`,
          }))}
          value={service}
          onChange={setService}
          allowDeselect={false}
          data-testid="enquiry-ticket-service"
        />
        <Select
          label={t('siteInbox.ticketDialog.year')}
          data={yearItems}
          value={year}
          onChange={setYear}
          allowDeselect={false}
          data-testid="enquiry-ticket-year"
        />
        {needsPhone && (
          <TextInput
            label={t('siteInbox.ticketDialog.phone')}
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={phoneError}
            required
            data-testid="enquiry-ticket-phone"
          />
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={convert.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={submit}
            loading={convert.isPending}
            disabled={!service || !year || (needsPhone && !phone.trim())}
            data-testid="enquiry-ticket-create"
          >
            {t('siteInbox.ticketDialog.create')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
