import { Anchor, Badge, Button, Grid, Group, Paper, Progress, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import {
  completionPercent,
  evaluateOrganizer,
  localText,
  type GroupQuestion,
  type OrganizerAnswers,
  type OrganizerSection,
} from '@taxportal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../ui/page-title.tsx';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { organizerQuery, type Organizer } from './organizer-api.ts';
import { useOrganizerAutosave, type OrganizerForm, type SaveState } from './organizer-autosave.ts';
import { CarriedBanner } from './organizer-carried.tsx';
import { OrganizerDocuments } from './organizer-documents.tsx';
import { HouseholdOffersProvider } from './organizer-household.tsx';
import { QuestionView } from './organizer-question.tsx';
import { UnsavedChangesAlert } from './organizer-unsaved.tsx';
import { entriesOf, listedRequests, sectionProgress } from './organizer-view-model.ts';
import { addOrganizerTexts } from './i18n.ts';

addOrganizerTexts();

export interface OrganizerPageProps {
  /** The ticket as the URL names it (its name): the organizer's query is cached under it. */
  ticketRef: string;
  /** The ticket's id (the organizer's answer names it). */
  ticketId: string;
  organizer: Organizer;
}

/**
 * A ticket's organizer (issue 32), where its questionnaire is: the sections as tabs (as the questionnaire's), only
 * the questions its answers call for (evaluateOrganizer, the contract's rules, run on each change), autosaved; the
 * progress counts the questions shown; "Documents we will ask for" follows the answers. A returning client's answers
 * carried from an earlier year are marked "still right?" until confirmed or changed (the server's
 * `carried_forward`, after each save, is the truth); the documents they ask for are only proposed until then.
 */
export default function OrganizerPage(props: OrganizerPageProps) {
  // A new version (the template published again before the first save) draws a new form. The household's dependents
  // it offers follow the server's answers (each save, "not this year") without drawing the form anew.
  return (
    <HouseholdOffersProvider offers={props.organizer.household} ticketRef={props.ticketRef}>
      <OrganizerForm key={props.organizer.version} {...props} />
    </HouseholdOffersProvider>
  );
}

const SAVE_TEXT = {
  idle: null,
  pending: 'organizer.save.pending',
  saving: 'organizer.save.saving',
  saved: 'organizer.save.saved',
  retrying: 'organizer.save.retrying',
  invalid: 'organizer.save.invalid',
  conflict: 'organizer.save.conflict',
} as const satisfies Record<SaveState, string | null>;

function OrganizerForm({ ticketRef, ticketId, organizer }: OrganizerPageProps) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  // A save refused for a conflict reads the organizer again (into the cache the page draws from).
  const form = useOrganizerAutosave(ticketRef, organizer, () =>
    client.fetchQuery({ ...organizerQuery(ticketRef), staleTime: 0 }).then((d) => d.organizer),
  );
  const definition = organizer.definition;
  const evaluation = useMemo(() => evaluateOrganizer(definition, form.answers), [definition, form.answers]);
  const language = i18n.language;
  const carriedForward = organizer.carried_forward;
  const carried = useMemo(() => new Set(carriedForward?.questions ?? []), [carriedForward]);
  const fromYear = carriedForward?.from_year ?? null;
  const requests = useMemo(
    () => listedRequests(evaluation.requests, organizer.requests, language, carried),
    [evaluation.requests, organizer.requests, language, carried],
  );
  const [params, setParams] = useSearchParams();
  const sections = definition.sections;
  const open = sections.find((s) => s.id === params.get('section')) ?? sections[0]!;
  const tabsTop = useRef<HTMLDivElement>(null);
  const isPhone = useIsPhone();
  const { answered, required } = evaluation.progress;
  const percent = completionPercent(evaluation.progress);
  const saveText = SAVE_TEXT[form.state];
  const isSaving = form.state === 'pending' || form.state === 'saving' || form.state === 'retrying';

  // "All still right" answered: the banner goes; the focus it held goes to the open section's tab.
  const hadBanner = useRef(carried.size > 0);
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (hadBanner.current && carried.size === 0 && lost)
      tabsTop.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
    hadBanner.current = carried.size > 0;
  }, [carried]);

  return (
    <Stack gap="md" data-testid="organizer" data-version={organizer.version}>
      <Group>
        <Anchor component={Link} to={`/form/message/${encodeURIComponent(ticketRef)}`} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {t('organizer.backToTicket')}
          </Group>
        </Anchor>
      </Group>
      <PageTitle title={organizer.name} subtitle={t('organizer.subtitle', { ticket: ticketRef })} />
      {form.unsaved && (
        <UnsavedChangesAlert
          unsaved={form.unsaved}
          definition={definition}
          language={language}
          onApply={form.applyUnsaved}
          onDrop={form.dropUnsaved}
        />
      )}
      {carriedForward && carried.size > 0 && (
        <CarriedBanner
          year={carriedForward.from_year}
          questions={carriedForward.questions}
          pending={isSaving && carriedForward.questions.every((q) => form.confirming.has(q))}
          onConfirm={form.confirm}
        />
      )}
      <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
        <Group justify="space-between" mb={6} gap="xs">
          <Text size="sm" fw={600} aria-live="polite" data-testid="organizer-progress">
            {t('organizer.progress', { answered, required })}
          </Text>
          <Text
            size="xs"
            c={form.state === 'retrying' || form.state === 'invalid' || form.state === 'conflict' ? 'red.8' : 'dimmed'}
            role="status"
            data-testid="organizer-save-state"
            data-state={form.state}
          >
            {saveText ? t(saveText) : t('organizer.autosaveHint')}
          </Text>
        </Group>
        <Progress value={percent} size="md" aria-label={t('organizer.progress', { answered, required })} />
      </Paper>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Tabs
            ref={tabsTop}
            value={open.id}
            onChange={(v) => v && setParams({ section: v }, { replace: true })}
            keepMounted={false}
            variant={isPhone ? 'pills' : 'outline'}
          >
            <Tabs.List style={isPhone ? { gap: 6 } : { flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
              {sections.map((s) => {
                const p = sectionProgress(s, form.answers, evaluation.shown);
                const title = localText(s.title, language);
                return (
                  <Tabs.Tab
                    key={s.id}
                    value={s.id}
                    style={{ flexShrink: 0 }}
                    data-testid={`organizer-tab-${s.id}`}
                    aria-label={`${title}, ${t('organizer.progress', p)}`}
                    rightSection={
                      p.required > 0 && (
                        <Badge
                          size="sm"
                          variant="filled"
                          autoContrast
                          color={p.answered === p.required ? 'teal.9' : 'gray.2'}
                        >
                          {t('organizer.sectionProgress', p)}
                        </Badge>
                      )
                    }
                  >
                    {title}
                  </Tabs.Tab>
                );
              })}
            </Tabs.List>
            {sections.map((s, i) => (
              <Tabs.Panel key={s.id} value={s.id} pt="md">
                <Paper withBorder p={{ base: 'sm', sm: 'lg' }} data-testid={`organizer-section-${s.id}`}>
                  <SectionQuestions
                    section={s}
                    form={form}
                    shown={evaluation.shown}
                    language={language}
                    ticketId={ticketId}
                    carried={carried}
                    fromYear={fromYear}
                    isSaving={isSaving}
                  />
                  <Group justify="flex-end" mt="lg">
                    {sections[i + 1] ? (
                      <Button
                        variant="light"
                        rightSection={<IconArrowRight size={16} aria-hidden />}
                        onClick={() => {
                          form.flush();
                          setParams({ section: sections[i + 1]!.id }, { replace: true });
                          tabsTop.current?.scrollIntoView({ block: 'start' });
                        }}
                        data-testid="organizer-next"
                      >
                        {t('organizer.next', { section: localText(sections[i + 1]!.title, language) })}
                      </Button>
                    ) : (
                      <Button
                        component={Link}
                        to={`/form/message/${encodeURIComponent(ticketRef)}`}
                        variant="light"
                        onClick={form.flush}
                        data-testid="organizer-done"
                      >
                        {t('organizer.done')}
                      </Button>
                    )}
                  </Group>
                </Paper>
              </Tabs.Panel>
            ))}
          </Tabs>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <OrganizerDocuments items={requests} fromYear={fromYear} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The group's shown entry questions and its errors as strings, so that its memo compares them by value. */
function groupKeys(
  g: GroupQuestion,
  answers: OrganizerAnswers,
  shown: ReadonlySet<string>,
  errors: Record<string, string>,
) {
  const id = g.id;
  const keys: string[] = [];
  for (const item of entriesOf(answers[id]))
    for (const f of g.fields) if (shown.has(`${id}.${item.id}.${f.id}`)) keys.push(`${id}.${item.id}.${f.id}`);
  const own: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) if (path.startsWith(`${id}.`)) own[path] = message;
  return { shownKey: keys.join('|'), errorsKey: JSON.stringify(own) };
}

function SectionQuestions({
  section,
  form,
  shown,
  language,
  ticketId,
  carried,
  fromYear,
  isSaving,
}: {
  section: OrganizerSection;
  form: OrganizerForm;
  shown: ReadonlySet<string>;
  language: string;
  ticketId: string;
  /** The questions whose carried answers are still to confirm, from `fromYear`. */
  carried: ReadonlySet<string>;
  fromYear: number | null;
  isSaving: boolean;
}) {
  const { t } = useTranslation();
  const visible = section.questions.filter((q) => shown.has(q.id));
  if (!visible.length)
    return (
      <Text size="sm" c="dimmed" data-testid="organizer-section-empty">
        {t('organizer.emptySection')}
      </Text>
    );
  return (
    <Stack gap="lg">
      {visible.map((q) => {
        const keys = q.type === 'group' ? groupKeys(q, form.answers, shown, form.errors) : null;
        return (
          <QuestionView
            key={q.id}
            question={q}
            value={form.answers[q.id]}
            error={form.errors[q.id]}
            shownKey={keys?.shownKey ?? ''}
            errorsKey={keys?.errorsKey ?? '{}'}
            update={form.update}
            flush={form.flush}
            language={language}
            ticketId={ticketId}
            carriedYear={carried.has(q.id) ? fromYear : null}
            confirming={isSaving && form.confirming.has(q.id)}
            confirm={form.confirm}
          />
        );
      })}
    </Stack>
  );
}
