import { Alert, Anchor, Badge, Button, Group, Paper, Progress, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconInfoCircle } from '@tabler/icons-react';
import {
  isStaffRole,
  QUESTIONNAIRE_SECTIONS,
  type QuestionnaireSection,
  type TicketProfile,
} from '@taxportal/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api/index.ts';
import { lazyComponent, preloadAhead } from '../../lib/lazy-component.ts';
import { useSession } from '../../lib/session/index.ts';
import { LoadedPart } from '../../ui/loaded-part.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { useProfile } from './questionnaire-api.ts';
import { useSectionAutosave } from './questionnaire-autosave.ts';
import { SavedPopup, useSavedPopup } from './questionnaire-saved-popup.tsx';
import { ExpenseSection, GlobalAssetSection, InvestmentSection, type AnyForm } from './questionnaire-sections.tsx';
import { TaxPayerSection } from './questionnaire-taxpayer.tsx';
import { QuestionnairePicker } from './questionnaire-picker.tsx';
import { loadOrganizerPage, useTicketOrganizer, type Organizer } from '../organizer/index.ts';

/** /form-wizards: the customer's questionnaires (straight to the only one); /form/:id: ticket :id's questionnaire. */
export function QuestionnairePage() {
  const { id } = useParams();
  return id ? <OrganizerOrQuestionnaire ticketId={id} /> : <QuestionnairePicker />;
}

/** The organizer's page: a chunk of its own (issue 32), fetched while its data is asked for. */
const OrganizerPage = lazyComponent<{ ticketRef: string; ticketId: string; organizer: Organizer }>(loadOrganizerPage);

/**
 * Issue 32: a ticket an organizer template applies to shows that organizer here; one none applies to
 * (`organizer: null`) keeps the questionnaire, unchanged. Which of the two it is must be known: when the question
 * fails (no network, the server's fault) the page says so and asks again on "Try again", rather than show the
 * questionnaire of a ticket that has an organizer. The answer was asked for at navigation (the shell's route
 * data), with the organizer page's code.
 */
function OrganizerOrQuestionnaire({ ticketId }: { ticketId: string }) {
  const { t } = useTranslation();
  const organizer = useTicketOrganizer(ticketId);
  useEffect(() => preloadAhead(OrganizerPage), []);
  if (organizer.isPending) return <PageLoader />;
  if (organizer.isError) {
    const notFound = isApiError(organizer.error) && organizer.error.status === 404;
    return (
      <Alert color="red" title={t('questionnaire.title')} data-testid="questionnaire-load-failed">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{notFound ? t('questionnaire.notFound') : t('questionnaire.loadFailed')}</Text>
          {!notFound && (
            <Button
              size="sm"
              variant="light"
              loading={organizer.isFetching}
              onClick={() => void organizer.refetch()}
              data-testid="questionnaire-retry"
            >
              {t('common.tryAgain')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  const found = organizer.data.organizer;
  if (!found) return <Questionnaire ticketId={ticketId} />;
  return (
    <LoadedPart part={OrganizerPage}>
      <OrganizerPage ticketRef={ticketId} ticketId={organizer.data.ticket_id} organizer={found} />
    </LoadedPart>
  );
}

function SectionPanel({
  ticketRef,
  profile,
  section,
  isStaff,
  onSaved,
  onNext,
}: {
  /** The ticket as the URL names it: the profile query is cached under it. */
  ticketRef: string;
  profile: TicketProfile;
  section: QuestionnaireSection;
  isStaff: boolean;
  onSaved: () => void;
  /** Opens the next section; null on the last. */
  onNext: ((next: QuestionnaireSection) => void) | null;
}) {
  const { t } = useTranslation();
  const autosave = useSectionAutosave(ticketRef, section, profile.sections[section].answers, onSaved);
  const form = autosave as unknown as AnyForm;
  const asksForDocuments = (profile.document_sections as readonly string[]).includes(section);
  const next = QUESTIONNAIRE_SECTIONS[QUESTIONNAIRE_SECTIONS.indexOf(section) + 1];
  const fields = () => {
    switch (section) {
      case 'tax_payer':
        return <TaxPayerSection form={form} ticketId={profile.ticket_id} isStaff={isStaff} />;
      case 'investment':
        return <InvestmentSection form={form} />;
      case 'expense':
        return <ExpenseSection form={form} />;
      default:
        return <GlobalAssetSection form={form} ticketId={profile.ticket_id} isStaff={isStaff} />;
    }
  };
  return (
    <Stack gap="lg">
      {asksForDocuments && (
        <Text size="sm" c="dimmed" data-testid="questionnaire-request-hint">
          {t('questionnaire.requestHint')}
        </Text>
      )}
      {fields()}
      {profile.sections[section].carried_over && (
        // Answers copied from an earlier ticket ask for nothing until the taxpayer says they still hold.
        <Alert color="blue" variant="light" data-testid="questionnaire-carried-over">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {t(asksForDocuments ? 'questionnaire.carriedOverDocuments' : 'questionnaire.carriedOver', {
                ticket: profile.prefilled_from,
              })}
            </Text>
            <Button size="sm" onClick={autosave.confirm} loading={autosave.saving}>
              {t('questionnaire.confirmAnswers')}
            </Button>
          </Stack>
        </Alert>
      )}
      {/* The way on at a section's end (issue 29: there was none but the tabs at the top). Saves what was typed. */}
      <Group justify="flex-end">
        {next && onNext ? (
          <Button
            variant="light"
            rightSection={<IconArrowRight size={16} />}
            onClick={() => {
              autosave.flush();
              onNext(next);
            }}
            data-testid="questionnaire-next"
          >
            {t('questionnaire.nextSection', { section: t(`questionnaire.sections.${next}`) })}
          </Button>
        ) : (
          <Button
            component={Link}
            to={`/form/message/${profile.ticket_name}`}
            variant="light"
            onClick={autosave.flush}
            data-testid="questionnaire-done"
          >
            {t('questionnaire.doneBackToTicket', { ticket: profile.ticket_name })}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

const isSection = (v: string | null): v is QuestionnaireSection =>
  !!v && (QUESTIONNAIRE_SECTIONS as readonly string[]).includes(v);

function Questionnaire({ ticketId }: { ticketId: string }) {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const profile = useProfile(ticketId);
  const [params, setParams] = useSearchParams();
  const saved = useSavedPopup();
  const tabsTop = useRef<HTMLDivElement>(null);
  const isPhone = useIsPhone();

  if (!session || profile.isPending) return <PageLoader />;
  if (profile.isError) {
    const notFound = isApiError(profile.error) && profile.error.status === 404;
    return (
      <Alert color="red" title={t('questionnaire.title')}>
        {notFound ? t('questionnaire.notFound') : profile.error.message}
      </Alert>
    );
  }
  const p = profile.data;
  const isStaff = isStaffRole(session.login_role);
  const tab = isSection(params.get('section')) ? (params.get('section') as QuestionnaireSection) : 'tax_payer';

  return (
    <Stack gap="md" data-testid="questionnaire" data-ticket={p.ticket_name}>
      <Group>
        <Anchor component={Link} to={`/form/message/${encodeURIComponent(p.ticket_name)}`} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {t('questionnaire.backToTicket')}
          </Group>
        </Anchor>
      </Group>
      <PageTitle
        title={t('questionnaire.title')}
        subtitle={
          isStaff
            ? t('questionnaire.subtitleStaff', { ticket: p.ticket_name, year: p.year, customer: p.customer_name })
            : t('questionnaire.subtitle', { ticket: p.ticket_name, year: p.year })
        }
      />
      <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
        <Group justify="space-between" mb={6} gap="xs">
          <Text size="sm" fw={600} data-testid="questionnaire-completion">
            {t('questionnaire.complete', { percent: p.completion })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('questionnaire.autosaveHint')}
          </Text>
        </Group>
        <Progress value={p.completion} size="md" aria-label={t('questionnaire.complete', { percent: p.completion })} />
      </Paper>
      {p.prefilled_from && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid="questionnaire-prefilled">
          {t('questionnaire.prefilled', { ticket: p.prefilled_from })}
        </Alert>
      )}
      <Tabs
        ref={tabsTop}
        value={tab}
        onChange={(v) => isSection(v) && setParams({ section: v }, { replace: true })}
        keepMounted={false}
        variant={isPhone ? 'pills' : 'outline'}
      >
        {/* On phones the four sections wrap as pills, so the one open and every section's progress stay in view. */}
        <Tabs.List style={isPhone ? { gap: 6 } : { flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {QUESTIONNAIRE_SECTIONS.map((s) => {
            const { answered, required } = p.sections[s].progress;
            return (
              <Tabs.Tab
                key={s}
                value={s}
                style={{ flexShrink: 0 }}
                data-testid={`tab-${s}`}
                aria-label={`${t(`questionnaire.sections.${s}`)}, ${t('questionnaire.sectionProgress', { answered, required })}`}
                rightSection={
                  <Badge size="sm" variant="filled" autoContrast color={answered === required ? 'teal.9' : 'gray.2'}>
                    {t('questionnaire.progress', { answered, required })}
                  </Badge>
                }
              >
                {t(`questionnaire.sections.${s}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {QUESTIONNAIRE_SECTIONS.map((s) => (
          <Tabs.Panel key={s} value={s} pt="md">
            <Paper withBorder p={{ base: 'sm', sm: 'lg' }} data-testid={`section-${s}`}>
              <SectionPanel
                ticketRef={ticketId}
                profile={p}
                section={s}
                isStaff={isStaff}
                onSaved={saved.show}
                onNext={(next) => {
                  setParams({ section: next }, { replace: true });
                  tabsTop.current?.scrollIntoView({ block: 'start' });
                }}
              />
            </Paper>
          </Tabs.Panel>
        ))}
      </Tabs>
      <SavedPopup visible={saved.visible} />
    </Stack>
  );
}
