import { Badge, type BadgeProps } from '@mantine/core';
import { STATUS_DEFINITIONS, type BadgeStyle, type StatusDefinition, type TicketStatus } from '@taxportal/contract';
import classes from './status-badge.module.css';

/**
 * The colour of each SPEC §4 badge style. Each style has its own colour, so two statuses
 * look alike exactly when SPEC gives them the same style.
 */
export const BADGE_COLOURS: Record<BadgeStyle, string> = {
  open: 'blue',
  tax_preparation: 'violet',
  filing_in_progress: 'cyan',
  replied: 'teal',
  resolved: 'green',
  completed: 'gray',
  walk_out: 'red',
  sample_only: 'orange',
};

/** Who reads the label: staff read the staff label, customers the customer label. */
export type StatusAudience = 'staff' | 'customer';

/** The session's statuses (names typed as strings there) or the contract's own. */
type Definition = Pick<StatusDefinition, 'badge' | 'staff_label' | 'customer_label'> & { name: string };

export interface StatusView {
  status: string;
  label: string;
  badge: BadgeStyle;
}

/**
 * A status as one audience reads it. `definitions` are the session's (labels are data the
 * firm may change); an unknown status falls back to SPEC's default style, `completed`.
 */
export function statusView(
  status: TicketStatus | string,
  audience: StatusAudience,
  definitions: readonly Definition[] = STATUS_DEFINITIONS,
): StatusView {
  const def = definitions.find((d) => d.name === status) ?? STATUS_DEFINITIONS.find((d) => d.name === status);
  if (!def) return { status, label: status, badge: 'completed' };
  return { status, label: audience === 'staff' ? def.staff_label : def.customer_label, badge: def.badge };
}

export interface StatusBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  status: string;
  label: string;
  badge: BadgeStyle;
}

/** The one status badge of the app: SPEC §4's style as `data-badge`, the viewer's label as text. */
export function StatusBadge({ status, label, badge, size = 'md', ...rest }: StatusBadgeProps) {
  return (
    <Badge
      data-testid="status-badge"
      {...rest}
      size={size}
      radius="sm"
      variant="light"
      className={classes.badge}
      data-badge={badge}
      data-status={status}
      data-colour={BADGE_COLOURS[badge]}
    >
      {label}
    </Badge>
  );
}
