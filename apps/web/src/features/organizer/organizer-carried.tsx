import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCheck, IconHistory } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './organizer-carried.module.css';

/**
 * Last year carried forward (issue 32 item 3): the page's banner, each carried question's mark and its "Yes, still
 * right". The mark sits in the question's description (its input's or radio group's aria-describedby) or in a
 * group's legend, so a screen reader reads it with the question.
 */

/** "From 2025: still right?", inline in a description or a legend (a span: both may only hold phrasing content). */
export function CarriedMark({ year }: { year: number }) {
  const { t } = useTranslation();
  return (
    <span className={classes.mark} data-testid="organizer-carried-mark">
      <IconHistory size={14} aria-hidden style={{ flexShrink: 0 }} />
      {t('organizer.carried.mark', { year })}
    </span>
  );
}

/**
 * A question of the page: one carried and still to confirm gets a bar along its side and "Yes, still right" below
 * its answer. Once confirmed (the button gone with the focus on it), the focus stays on the question.
 */
export function CarriedQuestion({
  question,
  label,
  year,
  pending,
  onConfirm,
  children,
}: {
  question: string;
  label: string;
  /** The year its answer came from while it is still to confirm, else null. */
  year: number | null;
  pending: boolean;
  onConfirm: (questions: readonly string[]) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const wasCarried = useRef(year !== null);
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (wasCarried.current && year === null && lost && root.current) {
      root.current.tabIndex = -1;
      root.current.focus();
    }
    wasCarried.current = year !== null;
  }, [year]);
  const text = t('organizer.carried.confirm');
  // One tree whether carried or not: confirming must not draw the question's field anew (its focus, its draft).
  return (
    <div
      ref={root}
      className={year !== null ? classes.carried : undefined}
      data-testid={year !== null ? `q-${question}-carried` : undefined}
    >
      <Stack gap={6}>
        {children}
        {year !== null && (
          <Button
            variant="outline"
            size="compact-sm"
            leftSection={<IconCheck size={14} aria-hidden />}
            // Named with its question for a screen reader that lists the page's buttons.
            aria-label={`${text}: ${label}`}
            loading={pending}
            onClick={() => onConfirm([question])}
            data-testid={`q-${question}-confirm`}
            style={{ alignSelf: 'flex-start' }}
          >
            {text}
          </Button>
        )}
      </Stack>
    </div>
  );
}

/** The banner at the top while answers from an earlier year wait to be checked, with "All still right". */
export function CarriedBanner({
  year,
  questions,
  pending,
  onConfirm,
}: {
  year: number;
  questions: readonly string[];
  pending: boolean;
  onConfirm: (questions: readonly string[]) => void;
}) {
  const { t } = useTranslation();
  return (
    // A note, not an alert: it is there from the start and its count changes with each confirmation.
    <Alert
      color="blue"
      variant="light"
      role="note"
      icon={<IconHistory size={18} aria-hidden />}
      data-testid="organizer-carried-banner"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('organizer.carried.banner', { count: questions.length, year })}</Text>
        <Button
          size="sm"
          leftSection={<IconCheck size={16} aria-hidden />}
          loading={pending}
          onClick={() => onConfirm(questions)}
          data-testid="organizer-carried-confirm-all"
        >
          {t('organizer.carried.confirmAll')}
        </Button>
      </Stack>
    </Alert>
  );
}
