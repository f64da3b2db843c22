import type { QuestionnaireSection, SectionAnswers } from '@taxportal/contract';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api/index.ts';
import { showErrorToast } from '../../ui/toast.tsx';
import { useSaveSection } from './questionnaire-api.ts';

export type Path = (string | number)[];
type Json = Record<string, unknown>;

/** An immutable set at a path; missing objects and arrays on the way are created. */
export function setIn<T extends object>(obj: T, path: Path, value: unknown): T {
  if (!path.length) return value as T;
  const [head, ...rest] = path;
  const base: Json | unknown[] = Array.isArray(obj) ? [...obj] : { ...(obj as Json) };
  const current = (obj as Json | undefined)?.[head as string];
  const next = rest.length ? setIn((current ?? (typeof rest[0] === 'number' ? [] : {})) as object, rest, value) : value;
  (base as Json)[head as string] = next;
  return base as T;
}

export function getIn(obj: unknown, path: Path): unknown {
  return path.reduce<unknown>((o, k) => (o === null || o === undefined ? undefined : (o as Json)[k as string]), obj);
}

/** When a change is saved: choices at once, typing after a pause (and at once on blur). */
export type SaveTiming = 'now' | 'typing';
const TYPING_DELAY_MS = 800;

export interface SectionForm<S extends QuestionnaireSection> {
  answers: SectionAnswers[S];
  set: (path: Path, value: unknown, timing?: SaveTiming) => void;
  /** Saves pending typing now (on blur). */
  flush: () => void;
  /** Saves the section as it stands: the taxpayer confirms answers carried over from an earlier ticket. */
  confirm: () => void;
  /** The server's message per field path (`w2_jobs.0.wages`). */
  errors: Record<string, string>;
  saving: boolean;
}

/**
 * A section's answers as the user edits them, saved as they are given (whole section per PUT, one at a
 * time, the latest state winning). After a save whose state nobody changed since, the form takes the
 * server's answers, so a typed SSN turns into its mask and is not sent again in clear.
 */
export function useSectionAutosave<S extends QuestionnaireSection>(
  ticketId: string,
  section: S,
  initial: SectionAnswers[S],
  onSaved: () => void,
): SectionForm<S> {
  const [answers, setAnswers] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const latest = useRef(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);
  const again = useRef(false);
  const dirty = useRef(false);
  const save = useSaveSection(ticketId, section);
  // The latest callbacks, read when a save runs: the timers below must not restart when they change.
  const mutate = useRef(save.mutateAsync);
  const saved = useRef(onSaved);
  useEffect(() => {
    mutate.current = save.mutateAsync;
    saved.current = onSaved;
  });

  const pendingRun = useRef<(() => Promise<void>) | null>(null);

  async function run(): Promise<void> {
    if (inFlight.current) {
      again.current = true;
      return;
    }
    if (!dirty.current) return;
    dirty.current = false;
    inFlight.current = true;
    const sent = latest.current;
    try {
      const profile = await mutate.current(sent);
      setErrors({});
      saved.current();
      if (latest.current === sent) {
        const fresh = profile.sections[section].answers as SectionAnswers[S];
        latest.current = fresh;
        setAnswers(fresh);
      }
    } catch (err) {
      if (isApiError(err)) {
        setErrors(Object.fromEntries(err.errors.map((e) => [e.field, e.message])));
        showErrorToast(err.detail);
      }
    } finally {
      inFlight.current = false;
      if (again.current) {
        again.current = false;
        void run();
      }
    }
  }

  function schedule(delay: number) {
    if (timer.current) clearTimeout(timer.current);
    pendingRun.current = run;
    timer.current = setTimeout(() => {
      timer.current = null;
      void run();
    }, delay);
  }

  function set(path: Path, value: unknown, timing: SaveTiming = 'now') {
    const next = setIn(latest.current, path, value);
    latest.current = next;
    dirty.current = true;
    setAnswers(next);
    schedule(timing === 'now' ? 0 : TYPING_DELAY_MS);
  }

  function flush() {
    if (timer.current) schedule(0);
  }

  function confirm() {
    dirty.current = true;
    schedule(0);
  }

  // Leaving the section (or the page) saves what was typed.
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        void pendingRun.current?.();
      }
    },
    [],
  );

  return { answers, set, flush, confirm, errors, saving: save.isPending };
}
