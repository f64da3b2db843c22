import { Alert, Group, Progress as ProgressBar, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconCircleX } from '@tabler/icons-react';
import type { Progress, TicketStatus } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import classes from './progress-tracker.module.css';

/** What the customer is asked for, per status that waits on them; other waiting statuses get the generic text. */
const WAITING_TEXT: Partial<Record<TicketStatus, 'moreInfo' | 'draftReady' | 'invoiceDue' | 'irsFiling'>> = {
  'Required More Information': 'moreInfo',
  'Draft Ready': 'draftReady',
  // Waits on the customer only once its invoice is issued (INVOICE_DUE_VIEW).
  'Ready For Invoice': 'invoiceDue',
  'Ready For IRS Filing': 'irsFiling',
};

/** Mantine's orange text on white or on its own tint is below AA for small text; this one is about 7:1 on both. */
const WAITING_TEXT_COLOUR = '#9a3412';

export interface ProgressTrackerProps {
  progress: Progress;
  status: TicketStatus;
  /** Bar and current step only (dashboard cards). */
  compact?: boolean;
}

/** The customer's view of the pipeline (customer labels): steps done, the current one highlighted, what waits on them. */
export function ProgressTracker({ progress, status, compact }: ProgressTrackerProps) {
  const { t } = useTranslation();
  const current = progress.current_step;
  const waitingKey = WAITING_TEXT[status] ?? 'generic';

  const summary = progress.cancelled
    ? t('progress.cancelled')
    : current === null
      ? progress.current_label
      : t('progress.stepOf', { step: current + 1, total: progress.steps.length });

  return (
    <Stack gap="sm" data-testid="progress-tracker" data-percent={progress.percent}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} data-testid="progress-current">
          {progress.current_label}
        </Text>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          {summary}
        </Text>
      </Group>
      <ProgressBar
        value={progress.percent}
        color={progress.cancelled ? 'red' : progress.waiting_on_customer ? 'orange' : 'brand'}
        size="sm"
        radius="xl"
        aria-label={t('progress.label', { percent: progress.percent })}
      />
      {progress.waiting_on_customer &&
        (compact ? (
          <Group gap={6} wrap="nowrap" data-testid="waiting-on-you">
            <IconAlertCircle size={16} color={WAITING_TEXT_COLOUR} aria-hidden />
            <Text size="xs" fw={600} c={WAITING_TEXT_COLOUR}>
              {t('progress.waitingTitle')}
            </Text>
          </Group>
        ) : (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title={t('progress.waitingTitle')}
            styles={{ title: { color: WAITING_TEXT_COLOUR } }}
            data-testid="waiting-on-you"
          >
            {t(`progress.waiting.${waitingKey}`)}
          </Alert>
        ))}
      {progress.cancelled && !compact && (
        <Alert color="red" variant="light" icon={<IconCircleX size={18} />}>
          {t('progress.cancelledText')}
        </Alert>
      )}
      {!compact && (
        <ol
          className={classes.steps}
          style={{ ['--steps' as string]: progress.steps.length }}
          aria-label={t('progress.stepsLabel')}
        >
          {progress.steps.map((s, i) => (
            <li
              key={s.status}
              className={classes.step}
              data-state={s.state}
              data-testid="progress-step"
              aria-current={s.state === 'current' ? 'step' : undefined}
            >
              <span className={classes.dot} aria-hidden>
                {s.state === 'done' ? <IconCheck size={14} stroke={3} /> : i + 1}
              </span>
              <span>
                {s.label}
                <VisuallyHidden>{` (${t(`progress.state.${s.state}`)})`}</VisuallyHidden>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Stack>
  );
}
