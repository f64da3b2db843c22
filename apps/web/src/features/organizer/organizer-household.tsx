import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import {
  dependentEntry,
  type GroupItem,
  type GroupQuestion,
  type HouseholdDependentOffer,
  type HouseholdOffers,
} from '@taxportal/contract';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeclineDependent } from './organizer-api.ts';
import type { UpdateAnswer } from './organizer-autosave.ts';
import { entriesOf } from './organizer-view-model.ts';

/**
 * The household's dependents in a group of household dependents (issue 32 item 5): the ones the server offers (its
 * `household`, after each save) and this page's answers do not hold yet, each asked "Claim Ana (born 2016) on this
 * return?" with Add (a new entry of the dependent's id, the SSN as its mask: the server copies the household's
 * number) and "Not this year" (remembered for this return, and undone by adding after all). Nothing is filled in
 * unasked.
 */
interface HouseholdContext {
  offers: HouseholdOffers | null;
  ticketRef: string;
}
const Offers = createContext<HouseholdContext>({ offers: null, ticketRef: '' });

export function HouseholdOffersProvider(props: {
  offers: HouseholdOffers | null;
  ticketRef: string;
  children: ReactNode;
}) {
  const { offers, ticketRef } = props;
  const value = useMemo(() => ({ offers, ticketRef }), [offers, ticketRef]);
  return <Offers.Provider value={value}>{props.children}</Offers.Provider>;
}

const nameOf = (d: HouseholdDependentOffer) => [d.first_name, d.last_name].filter(Boolean).join(' ');

export function HouseholdOffersList(props: {
  group: GroupQuestion;
  items: readonly GroupItem[];
  update: UpdateAnswer;
  /** The group holds its most entries: nothing more can be added. */
  full: boolean;
}) {
  const { group, items, update, full } = props;
  const { t } = useTranslation();
  const { offers, ticketRef } = useContext(Offers);
  const decline = useDeclineDependent(ticketRef);
  if (!group.household_dependents || !offers || offers.group !== group.id) return null;
  const claimed = new Set(items.map((i) => i.id));
  const open = offers.dependents.filter((d) => !claimed.has(d.id));
  if (!open.length) return null;

  const add = (d: HouseholdDependentOffer) => {
    update(group.id, (previous) => [...entriesOf(previous), dependentEntry(group, d)], 'now');
    if (d.declined) decline.mutate({ dependentId: d.id, declined: false });
  };
  const question = (d: HouseholdDependentOffer) =>
    d.date_of_birth
      ? t('organizer.household.claim', { name: nameOf(d), year: d.date_of_birth.slice(0, 4) })
      : t('organizer.household.claimNoYear', { name: nameOf(d) });
  const offered = open.filter((d) => !d.declined);
  const declined = open.filter((d) => d.declined);

  return (
    <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-gray-0)" data-testid="household-offers">
      <Stack gap="xs">
        <div>
          <Text size="sm" fw={600}>
            {t('organizer.household.title')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('organizer.household.hint')}
          </Text>
        </div>
        {offered.map((d) => (
          <Group key={d.id} justify="space-between" gap="xs" data-testid="household-offer" data-dependent={d.id}>
            <Text size="sm" style={{ flex: '1 1 14rem', minWidth: 0 }}>
              {question(d)}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconUserPlus size={14} aria-hidden />}
                disabled={full}
                aria-label={`${t('organizer.household.add')}: ${nameOf(d)}`}
                onClick={() => add(d)}
                data-testid="household-offer-add"
              >
                {t('organizer.household.add')}
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                aria-label={`${t('organizer.household.decline')}: ${nameOf(d)}`}
                loading={decline.isPending && decline.variables?.dependentId === d.id}
                onClick={() => decline.mutate({ dependentId: d.id, declined: true })}
                data-testid="household-offer-decline"
              >
                {t('organizer.household.decline')}
              </Button>
            </Group>
          </Group>
        ))}
        {declined.length > 0 && (
          <Group gap={6} data-testid="household-declined">
            <Text size="xs" c="dimmed">
              {t('organizer.household.declined')}
            </Text>
            {declined.map((d) => (
              <Button
                key={d.id}
                size="compact-xs"
                variant="subtle"
                disabled={full}
                onClick={() => add(d)}
                data-testid="household-declined-add"
              >
                {t('organizer.household.addAfterAll', { name: nameOf(d) })}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
