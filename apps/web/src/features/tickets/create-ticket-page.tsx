import { Alert, Button, Checkbox, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { endpoints, isStaffRole, type Contact } from '@taxportal/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { call, errorMessage, isApiError } from '../../lib/api/index.ts';
import { useSession } from '../../lib/session/index.ts';
import { formatMoney } from '../../ui/format.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useSingleFlight } from '../../ui/use-single-flight.ts';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
import { ALL_TYPES, useServices, useServiceTypes, useYears } from './create-ticket-api.ts';
import { CustomerPicker } from './customer-picker.tsx';
import { useHousehold } from '../households/index.ts';
import { useCreateTicket } from './tickets-api.ts';

interface FormValues {
  service_type_id: string;
  service_id: string;
  year: string;
  phone: string;
  /** A joint return with the customer's spouse in their household (docs/decisions/0032). */
  joint: boolean;
}

/** /create-ticket and /create-ticket/:id (the id preselects a service type). SPEC §5: all four fields are required. */
/** A request's Idempotency-Key: 128 random bits (getRandomValues works on plain http too, randomUUID not). */
const newRequestKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

export function CreateTicketPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id: presetType } = useParams();
  const { data: session } = useSession();
  const isStaff = !!session && isStaffRole(session.login_role);
  const [customerError, setCustomerError] = useState<string | undefined>();
  // Staff arriving from a contact's page (?customer=<id>) start with that customer chosen.
  const [params] = useSearchParams();
  const presetCustomer = isStaff ? params.get('customer') : null;
  const preset = useQuery({
    queryKey: ['contacts', 'detail', presetCustomer],
    queryFn: ({ signal }) => call(endpoints.getContact, { params: { id: presetCustomer ?? '' }, signal }),
    enabled: Boolean(presetCustomer),
  });
  // undefined: nobody picked yet, so the preset (if any) stands.
  const [picked, setCustomer] = useState<Contact | null | undefined>(undefined);
  const customer = picked === undefined ? (preset.data ?? null) : picked;

  const form = useForm<FormValues>({
    initialValues: { service_type_id: '', service_id: '', year: '', phone: '', joint: false },
    validate: {
      service_type_id: (v) => (v ? null : t('createTicket.serviceTypeRequired')),
      service_id: (v) => (v ? null : t('createTicket.serviceRequired')),
      year: (v) => (v ? null : t('createTicket.yearRequired')),
      phone: (v) => (v.trim() ? null : t('createTicket.phoneRequired')),
    },
  });
  // A plan chosen on the public site (?service=<id>, through sign-in: issue 29) starts with its type and service.
  const presetService = params.get('service');
  const allServices = useServices(presetService ? ALL_TYPES : null);
  const types = useServiceTypes();
  const services = useServices(form.values.service_type_id || null);
  const years = useYears();
  const create = useCreateTicket();
  // A customer in a household may file this return jointly with their spouse.
  const household = useHousehold(!!session && !isStaff);
  const spouse = household.data?.members.find((m) => m.id !== session?.user.id) ?? null;

  // The id in the URL preselects its service type once the types are known.
  const typeItems = types.data?.items;
  useEffect(() => {
    if (presetType && typeItems?.some((s) => s.id === presetType) && !form.values.service_type_id) {
      form.setFieldValue('service_type_id', presetType);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the preset or the list changes
  }, [presetType, typeItems]);

  const chosenPlan = allServices.data?.items.find((s) => s.id === presetService);
  // A plan link to a service no longer offered (or a mistyped one) says so rather than silently choosing nothing.
  const planGone = Boolean(presetService && allServices.data && !chosenPlan);
  useEffect(() => {
    if (chosenPlan && !form.values.service_type_id && !form.values.service_id) {
      form.setValues({ service_type_id: chosenPlan.service_type_id, service_id: chosenPlan.id });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the plan is found
  }, [chosenPlan]);

  // The phone is the profile's: the customer's own, or the chosen customer's for staff.
  const profilePhone = isStaff ? (customer?.phone ?? '') : (session?.user.phone ?? '');
  useEffect(() => {
    form.setFieldValue('phone', profilePhone);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the profile only
  }, [profilePhone]);

  // One ticket however fast Submit is pressed (an outside tester made four with quick taps).
  // One key per request filled in: the server makes one ticket for it however often it arrives (a retry).
  const [requestKey] = useState(newRequestKey);
  const send = useSingleFlight(async (values: FormValues) => {
    if (isStaff && !customer) {
      setCustomerError(t('createTicket.customerRequired'));
      return;
    }
    try {
      const ticket = await create.mutateAsync({
        key: requestKey,
        service_type_id: values.service_type_id,
        service_id: values.service_id,
        year: Number(values.year),
        phone: values.phone.trim() || undefined,
        customer_id: isStaff ? customer!.id : undefined,
        ...(spouse && values.joint ? { joint: true } : {}),
      });
      showSuccessToast(t('createTicket.submitted'));
      navigate(`/form/message/${ticket.name}`);
    } catch (err) {
      if (isApiError(err) && err.errors.length > 0) {
        for (const e of err.errors) {
          if (e.field === 'customer_id') setCustomerError(e.message);
          else form.setFieldError(e.field, e.message);
        }
      } else {
        showErrorToast(errorMessage(err));
      }
    }
  });

  if (!session) return <PageLoader />;

  const submit = form.onSubmit(
    (values) => void send(values),
    () => {
      if (isStaff && !customer) setCustomerError(t('createTicket.customerRequired'));
    },
  );

  const serviceOptions = (services.data?.items ?? []).map((s) => ({
    value: s.id,
    label: `${s.name} (${formatMoney(s.price_cents, s.currency)})`,
  }));
  const phoneReadOnly = profilePhone !== '';

  return (
    <Stack gap="lg" maw={640}>
      <div>
        <Title order={1} size="h2">
          {t('createTicket.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('createTicket.intro')}
        </Text>
      </div>
      {planGone && (
        <Alert color="yellow" variant="light" data-testid="plan-unavailable">
          {t('createTicket.planUnavailable')}
        </Alert>
      )}
      <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate data-testid="create-ticket-form">
          <Stack gap="md">
            {isStaff && (
              <CustomerPicker
                value={customer}
                onChange={(c) => {
                  setCustomer(c);
                  setCustomerError(undefined);
                }}
                error={customerError}
              />
            )}
            <Select
              label={t('createTicket.serviceType')}
              placeholder={t('createTicket.choose')}
              withAsterisk
              data={(types.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }))}
              {...form.getInputProps('service_type_id')}
              onChange={(v) => {
                form.setFieldValue('service_type_id', v ?? '');
                form.setFieldValue('service_id', '');
              }}
              value={form.values.service_type_id || null}
              allowDeselect={false}
              data-testid="service-type-select"
            />
            <Select
              label={t('createTicket.service')}
              placeholder={form.values.service_type_id ? t('createTicket.choose') : t('createTicket.chooseTypeFirst')}
              withAsterisk
              disabled={!form.values.service_type_id}
              data={serviceOptions}
              {...form.getInputProps('service_id')}
              onChange={(v) => form.setFieldValue('service_id', v ?? '')}
              value={form.values.service_id || null}
              allowDeselect={false}
              data-testid="service-select"
              nothingFoundMessage={t('createTicket.noService')}
            />
            <Select
              label={t('createTicket.year')}
              placeholder={t('createTicket.choose')}
              withAsterisk
              data={(years.data?.items ?? []).map((y) => String(y.year))}
              {...form.getInputProps('year')}
              onChange={(v) => form.setFieldValue('year', v ?? '')}
              value={form.values.year || null}
              allowDeselect={false}
              data-testid="year-select"
            />
            <TextInput
              label={t('createTicket.phone')}
              withAsterisk
              readOnly={phoneReadOnly}
              variant={phoneReadOnly ? 'filled' : 'default'}
              description={phoneReadOnly ? t('createTicket.phoneHint') : t('createTicket.phoneMissing')}
              {...form.getInputProps('phone')}
            />
            {spouse && (
              <Checkbox
                label={t('createTicket.joint', { name: spouse.full_name })}
                description={t('createTicket.jointHint', { name: spouse.full_name })}
                {...form.getInputProps('joint', { type: 'checkbox' })}
                data-testid="create-ticket-joint"
              />
            )}
            <Group justify="flex-end" mt="sm">
              <Button type="submit" size="md" loading={create.isPending} data-testid="create-ticket-submit">
                {t('createTicket.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
