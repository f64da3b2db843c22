import { Alert, Anchor, Button, Grid, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import type { OrganizerAnswers, OrganizerDefinition, OrganizerDetail } from '@taxportal/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../lib/api/index.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { BuilderContext, focusKey, type Builder } from './builder-context.tsx';
import { addSection } from './draft-edit.ts';
import { issueCount, localIssues, NO_ISSUES, serverIssues, type PlacedIssues } from './draft-issues.ts';
import { canonical, toDefinition, toDraft, type Draft } from './draft-model.ts';
import { EditorToolbar } from './editor-toolbar.tsx';
import { issueMessage } from './issue-list.tsx';
import { LeaveGuard } from './leave-guard.tsx';
import classes from './organizer-builder.module.css';
import { BASE } from './organizer-list.tsx';
import { OrganizerPreview } from './organizer-preview.tsx';
import {
  useArchive,
  useCatalogChoices,
  useOrganizer,
  usePublish,
  useSaveDraft,
  useUpdateOrganizer,
} from './organizers-api.ts';
import { SectionEditor } from './section-editor.tsx';
import { TemplateDialog } from './template-dialog.tsx';

/** A template with no version yet starts with one empty section. */
const EMPTY: OrganizerDefinition = { sections: [{ id: 'section', title: { en: '' }, questions: [] }] };

/** The server's issues, and the checks made here: all of them once a save was asked, conditions at once. */
function mergeIssues(server: PlacedIssues, local: PlacedIssues, all: boolean): PlacedIssues {
  const byUid = new Map(server.byUid);
  for (const [uid, list] of local.byUid) {
    const shown = all ? list : list.filter((i) => i.field.startsWith('show_if'));
    const known = byUid.get(uid) ?? [];
    const fresh = shown.filter((i) => !known.some((k) => k.field === i.field));
    if (fresh.length) byUid.set(uid, [...known, ...fresh]);
  }
  return { byUid, general: [...server.general, ...(all ? local.general : [])] };
}

/** /admin/organizers/:id: one template's editor. */
export function OrganizerEditor({ id }: { id: string }) {
  const { data, error } = useOrganizer(id);
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (!data) return <PageLoader />;
  // A template's draft is loaded once: what the server answers after a save comes back through the editor itself.
  return <EditorScreen key={data.id} detail={data} />;
}

function EditorScreen({ detail }: { detail: OrganizerDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isPhone = useIsPhone();
  const { documentTypes } = useCatalogChoices();
  const save = useSaveDraft(detail.id);
  const publish = usePublish(detail.id);
  const update = useUpdateOrganizer(detail.id);
  const archive = useArchive(detail.id);
  const start = detail.current?.definition ?? EMPTY;
  const [draft, setDraft] = useState<Draft>(() => toDraft(start));
  const [baseline, setBaseline] = useState(() => canonical(start));
  const [server, setServer] = useState<PlacedIssues>(NO_ISSUES);
  const [checked, setChecked] = useState(false);
  const [open, setOpenSet] = useState<ReadonlySet<string>>(new Set());
  const [answers, setAnswers] = useState<OrganizerAnswers>({});
  const [view, setView] = useState<'edit' | 'preview'>('edit');
  const [settings, setSettings] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<string | null>(null);
  const setPendingFocus = useCallback((key: string) => {
    pendingFocus.current = key;
  }, []);
  /** Set once the template is archived: its unsaved changes go with it, unasked. */
  const leaving = useRef(false);

  const definition = useMemo(() => toDefinition(draft), [draft]);
  const dirty = useMemo(() => canonical(definition) !== baseline, [definition, baseline]);
  const local = useMemo(() => localIssues(draft), [draft]);
  const issues = useMemo(() => mergeIssues(server, local, checked), [server, local, checked]);

  // After the edit that asked for it has drawn: the focus goes where the edit says (a new question's label…).
  useEffect(() => {
    const key = pendingFocus.current;
    if (!key) return;
    pendingFocus.current = null;
    root.current?.querySelector<HTMLElement>(`[data-focus="${key}"]`)?.focus();
  });

  const setOpen = useCallback(
    (uid: string, isOpen: boolean) =>
      setOpenSet((s) => {
        const next = new Set(s);
        if (isOpen) next.add(uid);
        else next.delete(uid);
        return next;
      }),
    [],
  );
  const builder: Builder = useMemo(
    () => ({ draft, edit: setDraft, focus: setPendingFocus, issues, open, setOpen, documentTypes }),
    [draft, issues, open, setOpen, setPendingFocus, documentTypes],
  );

  /** Opens the questions an issue names and puts the focus on the first. */
  const showIssues = (placed: PlacedIssues, inDraft: Draft) => {
    const uids = [...placed.byUid.keys()];
    // A group's question is drawn inside its group: that opens too.
    const groups = inDraft.sections.flatMap((s) =>
      s.questions.filter((q) => q.type === 'group' && q.fields.some((f) => placed.byUid.has(f.uid))).map((q) => q.uid),
    );
    setOpenSet((s) => new Set([...s, ...uids, ...groups]));
    const first = [...toOrder(inDraft)].find((uid) => placed.byUid.has(uid));
    if (first) setPendingFocus(focusKey(first, 'toggle'));
  };

  const saveDraft = async (): Promise<boolean> => {
    setChecked(true);
    if (issueCount(local) > 0) {
      showIssues(local, draft);
      return false;
    }
    const sent = draft;
    try {
      const saved = await save.mutateAsync(toDefinition(sent));
      const def = saved.current?.definition ?? toDefinition(sent);
      setDraft((now) => (now === sent ? toDraft(def, sent) : now));
      setBaseline(canonical(def));
      setServer(NO_ISSUES);
      setChecked(false);
      showSuccessToast(t('organizerBuilder.editor.saved'));
      return true;
    } catch (err) {
      if (isApiError(err) && err.errors.length) {
        const placed = serverIssues(sent, err.errors);
        setServer(placed);
        showIssues(placed, sent);
      } else showErrorToast(errorMessage(err));
      return false;
    }
  };

  const doPublish = async () => {
    if (dirty && !(await saveDraft())) return;
    try {
      const published = await publish.mutateAsync();
      showSuccessToast(t('organizerBuilder.publish.done', { version: published.published_version ?? '' }));
    } catch (err) {
      if (isApiError(err) && err.errors.length) {
        const placed = serverIssues(draft, err.errors);
        setServer(placed);
        showIssues(placed, draft);
      } else showErrorToast(errorMessage(err));
    }
  };

  const doArchive = async () => {
    try {
      await archive.mutateAsync();
      leaving.current = true;
      showSuccessToast(t('organizerBuilder.archive.done'));
      void navigate(BASE);
    } catch (err) {
      showErrorToast(errorMessage(err));
    }
  };

  const newSection = () => {
    const { draft: next, uid } = addSection(draft);
    setDraft(next);
    setPendingFocus(focusKey(uid, 'title'));
  };

  const count = issueCount(issues);
  const editor = (
    <Stack gap="md">
      {(checked || server !== NO_ISSUES) && count > 0 && (
        <Alert color="red" title={t('organizerBuilder.issues.title', { count })} data-testid="editor-issues">
          {issues.general.map((i, n) => (
            <Text key={n} size="sm">
              {issueMessage(i, t)}
            </Text>
          ))}
          <Text size="sm">{t('organizerBuilder.issues.where')}</Text>
        </Alert>
      )}
      {draft.sections.map((s, i) => (
        <SectionEditor key={s.uid} section={s} index={i} count={draft.sections.length} />
      ))}
      <div>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={newSection}
          disabled={draft.sections.length >= 30}
          data-focus="add-section"
          data-testid="add-section"
        >
          {t('organizerBuilder.section.add')}
        </Button>
      </div>
    </Stack>
  );
  const preview = <OrganizerPreview definition={definition} answers={answers} onAnswers={setAnswers} />;

  return (
    <BuilderContext value={builder}>
      <Stack gap="md" ref={root} data-testid="organizer-editor">
        <Anchor component={Link} to={BASE} size="sm">
          <IconArrowLeft size={14} aria-hidden /> {t('organizerBuilder.editor.back')}
        </Anchor>
        <PageTitle
          title={detail.name}
          subtitle={t('organizerBuilder.editor.appliesTo', {
            service: detail.service_name ?? t('organizerBuilder.template.anyService'),
            year: detail.tax_year ?? t('organizerBuilder.template.anyYear'),
          })}
        />
        <EditorToolbar
          detail={detail}
          dirty={dirty}
          busy={save.isPending || publish.isPending}
          onSave={() => void saveDraft()}
          onPublish={doPublish}
          onSettings={() => setSettings(true)}
          onArchive={doArchive}
        />
        {isPhone ? (
          <>
            <SegmentedControl
              fullWidth
              value={view}
              onChange={(v) => setView(v === 'preview' ? 'preview' : 'edit')}
              aria-label={t('organizerBuilder.editor.view')}
              data={[
                { value: 'edit', label: t('organizerBuilder.editor.viewEdit') },
                { value: 'preview', label: t('organizerBuilder.editor.viewPreview') },
              ]}
              data-testid="editor-view"
            />
            {view === 'edit' ? editor : preview}
          </>
        ) : (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>{editor}</Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <div className={classes.preview}>{preview}</div>
            </Grid.Col>
          </Grid>
        )}
      </Stack>
      <TemplateDialog
        opened={settings}
        title={t('organizerBuilder.editor.settings')}
        submitLabel={t('organizerBuilder.template.save')}
        initial={{ name: detail.name, service_id: detail.service_id, tax_year: detail.tax_year }}
        onClose={() => setSettings(false)}
        onSubmit={async (fields) => {
          await update.mutateAsync(fields);
          setSettings(false);
        }}
      />
      <LeaveGuard dirty={dirty} bypass={leaving} />
    </BuilderContext>
  );
}

/** Sections and questions in the order they are drawn. */
function* toOrder(draft: Draft): Generator<string> {
  for (const s of draft.sections) {
    yield s.uid;
    for (const q of s.questions) {
      yield q.uid;
      if (q.type === 'group') for (const f of q.fields) yield f.uid;
    }
  }
}
