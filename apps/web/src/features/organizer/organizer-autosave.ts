import type { AnswerValue, OrganizerAnswers } from '@taxportal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api/index.ts';
import { showErrorToast } from '../../ui/toast.tsx';
import { useSaveOrganizer, type Organizer } from './organizer-api.ts';
import { fieldErrors } from './organizer-view-model.ts';

/** When a change is saved: a choice at once, typing after a pause (and at once when the field is left). */
export type SaveTiming = 'now' | 'typing';
const TYPING_DELAY_MS = 800;
/** After a failed save (no answer, or the server's fault), tried again after these pauses, then every 30 s. */
const RETRY_MS = [2_000, 5_000, 10_000, 30_000];

/**
 * What the person sees of the saving: nothing yet, a save on its way, saved, or not saved (and why: no connection,
 * answers refused, or saved elsewhere since this page read them).
 */
export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'retrying' | 'invalid' | 'conflict';

/**
 * Answers this page had not saved when another tab (or staff) saved first: the page took the latest answers; these
 * are the person's own, to apply again or let go, never dropped unseen.
 */
export interface UnsavedChanges {
  /** The questions changed here (top level: a group whole), in the definition's order of the answers' keys. */
  questions: string[];
  answers: OrganizerAnswers;
  /** Carried-forward answers confirmed here whose save did not go through. */
  confirmed: string[];
}

/** Changes one answer from the latest answers (so that two quick changes never lose one). */
export type UpdateAnswer = (
  question: string,
  next: (previous: AnswerValue | undefined) => unknown,
  timing?: SaveTiming,
) => void;

export interface OrganizerForm {
  answers: OrganizerAnswers;
  update: UpdateAnswer;
  /** Saves pending typing now (a field left, "Next"). */
  flush: () => void;
  /** Confirms carried-forward answers as still right ("From 2025: still right?"): saved at once. */
  confirm: (questions: readonly string[]) => void;
  /** The questions confirmed here whose save has not succeeded yet. */
  confirming: ReadonlySet<string>;
  /** The server's message per path (`question`, `group.<index>.field`). */
  errors: Record<string, string>;
  state: SaveState;
  /** After a save refused because another saved first: what this page had changed (else null). */
  unsaved: UnsavedChanges | null;
  /** Applies the unsaved changes on top of the latest answers and saves them. */
  applyUnsaved: () => void;
  /** Lets them go: the latest answers stay as they are. */
  dropUnsaved: () => void;
}

/** The same answer, whatever the order of an entry's keys. */
const canonical = (v: unknown): string =>
  JSON.stringify(v ?? null, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );

/** The questions whose answers differ between two sets of answers (a group compared whole). */
export function changedQuestions(from: OrganizerAnswers, to: OrganizerAnswers): string[] {
  const keys = new Set([...Object.keys(from), ...Object.keys(to)]);
  return [...keys].filter((q) => canonical(from[q]) !== canonical(to[q]));
}

/**
 * The organizer's answers as the client gives them, saved whole with the version shown (one PUT at a time, the
 * latest state winning), as the questionnaire's autosave does. After a save whose state nobody changed since, the
 * form takes the server's answers, so a typed SSN turns into its mask and is not sent again in clear. A save that
 * got no answer (or a 5xx) is tried again by itself; one the server refused (422) waits for the next change.
 * Confirmed carried-forward answers ride with the next save (`confirmed`) and stay pending until a save that sent
 * them succeeds, so a retried or coalesced save never loses them. Each save names the revision it started from; one
 * refused because another tab saved first (409) reads the organizer again (`reload`): the same version, the form
 * takes the latest answers and keeps this page's own changes aside (`unsaved`) for the person to apply again or let
 * go; a new version (the template published again before the first save) is the page's to draw anew.
 */
export function useOrganizerAutosave(
  ticketRef: string,
  organizer: Organizer,
  reload: () => Promise<Organizer | null>,
): OrganizerForm {
  const [answers, setAnswers] = useState(() => organizer.answers as OrganizerAnswers);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<SaveState>('idle');
  const [unsaved, setUnsaved] = useState<UnsavedChanges | null>(null);
  const unsavedRef = useRef<UnsavedChanges | null>(null);
  const latest = useRef(answers);
  /** The answers as the server last had them (read or saved), and its revision: what a save starts from. */
  const base = useRef(answers);
  const revision = useRef(organizer.revision);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);
  const again = useRef(false);
  const dirty = useRef(false);
  const failures = useRef(0);
  const confirmed = useRef<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<ReadonlySet<string>>(() => new Set());
  const save = useSaveOrganizer(ticketRef);
  const mutate = useRef(save.mutateAsync);
  const readAgain = useRef(reload);
  useEffect(() => {
    mutate.current = save.mutateAsync;
    readAgain.current = reload;
  });
  const version = organizer.version;

  // The save itself, renewed after each render (it reads the latest mutation); timers and handlers call it.
  const run = useRef<() => Promise<void>>(async () => undefined);
  const schedule = (delay: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void run.current();
    }, delay);
  };

  const saveNow = async () => {
    if (inFlight.current) {
      again.current = true;
      return;
    }
    if (!dirty.current) return;
    dirty.current = false;
    inFlight.current = true;
    setState('saving');
    const sent = latest.current;
    const sentConfirmed = [...confirmed.current];
    try {
      const saved = await mutate.current({
        version,
        revision: revision.current,
        answers: sent,
        ...(sentConfirmed.length ? { confirmed: sentConfirmed } : {}),
      });
      failures.current = 0;
      if (saved.organizer) {
        revision.current = saved.organizer.revision;
        base.current = saved.organizer.answers as OrganizerAnswers;
      }
      if (sentConfirmed.length) {
        // Those confirmed while this save was on its way stay for the next one.
        const rest = new Set(confirmed.current);
        for (const q of sentConfirmed) rest.delete(q);
        confirmed.current = rest;
        setConfirming(rest);
      }
      setErrors({});
      if (latest.current === sent && saved.organizer) {
        const fresh = saved.organizer.answers as OrganizerAnswers;
        latest.current = fresh;
        setAnswers(fresh);
      }
      setState(dirty.current ? 'pending' : 'saved');
    } catch (err) {
      dirty.current = true;
      const status = isApiError(err) ? err.status : 0;
      if (status === 0 || status >= 500) {
        // Kept, and tried again by itself: a phone that lost its network saves once it is back.
        setState('retrying');
        schedule(RETRY_MS[Math.min(failures.current, RETRY_MS.length - 1)]!);
        failures.current += 1;
      } else if (status === 409) {
        dirty.current = false;
        await takeLatest(err);
      } else {
        setState('invalid');
        if (isApiError(err)) {
          setErrors(fieldErrors(err.errors));
          showErrorToast(err.detail);
        }
      }
    } finally {
      inFlight.current = false;
      if (again.current) {
        again.current = false;
        void run.current();
      }
    }
  };

  /** Refused (409): the organizer as it is now; this page's own changes kept aside if it is the same version. */
  const takeLatest = async (err: unknown) => {
    const fresh = await readAgain.current().catch(() => null);
    if (!fresh || fresh.version !== version) {
      // The template was published again before these answers were first saved: the page draws the version that
      // applies now (or, unread, says why).
      setState('idle');
      if (isApiError(err)) showErrorToast(err.detail);
      return;
    }
    // This page's own changes, up to now (typing while the organizer was read again included).
    const mine = latest.current;
    const confirmedHere = [...confirmed.current];
    const questions = changedQuestions(base.current, mine);
    const latestAnswers = fresh.answers as OrganizerAnswers;
    revision.current = fresh.revision;
    base.current = latestAnswers;
    confirmed.current = new Set();
    setConfirming(confirmed.current);
    latest.current = latestAnswers;
    dirty.current = false;
    setAnswers(latestAnswers);
    setErrors({});
    // Changes still kept aside from an earlier refusal stay, unless changed again since.
    const before = unsavedRef.current;
    const kept = before ? before.questions.filter((q) => !questions.includes(q)) : [];
    unsavedRef.current = {
      questions: [...kept, ...questions],
      answers: { ...Object.fromEntries(kept.map((q) => [q, before!.answers[q]])), ...mine },
      confirmed: [...new Set([...(before?.confirmed ?? []), ...confirmedHere])],
    };
    setUnsaved(unsavedRef.current);
    setState('conflict');
  };

  useEffect(() => {
    run.current = saveNow;
  });

  const update = useCallback<UpdateAnswer>((question, next, timing = 'now') => {
    const value = next(latest.current[question]);
    latest.current = { ...latest.current, [question]: value as AnswerValue };
    dirty.current = true;
    setAnswers(latest.current);
    setState('pending');
    schedule(timing === 'now' ? 0 : TYPING_DELAY_MS);
    // schedule and run read refs only: the callback stays the same for the life of the form (memoised fields).
  }, []);

  const flush = useCallback(() => {
    if (timer.current && dirty.current) schedule(0);
  }, []);

  const confirm = useCallback((questions: readonly string[]) => {
    if (!questions.length) return;
    confirmed.current = new Set([...confirmed.current, ...questions]);
    setConfirming(confirmed.current);
    dirty.current = true;
    setState('pending');
    schedule(0);
  }, []);

  // Leaving the page saves what was typed; closing the tab with answers not saved yet (or changes kept aside after a
  // conflict, not applied nor let go) asks first.
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (dirty.current || inFlight.current || unsavedRef.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      if (timer.current) {
        clearTimeout(timer.current);
        timer.current = null;
        void run.current();
      }
    };
  }, []);

  const applyUnsaved = useCallback(() => {
    const kept = unsavedRef.current;
    if (!kept) return;
    unsavedRef.current = null;
    setUnsaved(null);
    const next = { ...latest.current };
    for (const q of kept.questions) next[q] = kept.answers[q];
    latest.current = next;
    setAnswers(next);
    if (kept.confirmed.length) {
      confirmed.current = new Set([...confirmed.current, ...kept.confirmed]);
      setConfirming(confirmed.current);
    }
    dirty.current = true;
    setState('pending');
    schedule(0);
  }, []);

  const dropUnsaved = useCallback(() => {
    unsavedRef.current = null;
    setUnsaved(null);
    setState((s) => (s === 'conflict' ? 'idle' : s));
  }, []);

  return { answers, update, flush, confirm, confirming, errors, state, unsaved, applyUnsaved, dropUnsaved };
}
