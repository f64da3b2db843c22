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

/** What the person sees of the saving: nothing yet, a save on its way, saved, or not saved (and why). */
export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'retrying' | 'invalid';

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
}

/**
 * The organizer's answers as the client gives them, saved whole with the version shown (one PUT at a time, the
 * latest state winning), as the questionnaire's autosave does. After a save whose state nobody changed since, the
 * form takes the server's answers, so a typed SSN turns into its mask and is not sent again in clear. A save that
 * got no answer (or a 5xx) is tried again by itself; one the server refused (422) waits for the next change.
 * Confirmed carried-forward answers ride with the next save (`confirmed`) and stay pending until a save that sent
 * them succeeds, so a retried or coalesced save never loses them.
 */
export function useOrganizerAutosave(ticketRef: string, organizer: Organizer, onConflict: () => void): OrganizerForm {
  const [answers, setAnswers] = useState(() => organizer.answers as OrganizerAnswers);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<SaveState>('idle');
  const latest = useRef(answers);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);
  const again = useRef(false);
  const dirty = useRef(false);
  const failures = useRef(0);
  const confirmed = useRef<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<ReadonlySet<string>>(() => new Set());
  const save = useSaveOrganizer(ticketRef);
  const mutate = useRef(save.mutateAsync);
  const conflict = useRef(onConflict);
  useEffect(() => {
    mutate.current = save.mutateAsync;
    conflict.current = onConflict;
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
        answers: sent,
        ...(sentConfirmed.length ? { confirmed: sentConfirmed } : {}),
      });
      failures.current = 0;
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
        // The template was published again before these answers were first saved: the page loads the version
        // that applies now.
        dirty.current = false;
        setState('idle');
        if (isApiError(err)) showErrorToast(err.detail);
        conflict.current();
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

  // Leaving the page saves what was typed; closing the tab with answers not saved yet asks first.
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (dirty.current || inFlight.current) e.preventDefault();
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

  return { answers, update, flush, confirm, confirming, errors, state };
}
