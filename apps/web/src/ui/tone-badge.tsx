import { Badge, type BadgeProps } from '@mantine/core';
import classes from './tone-badge.module.css';

/** What a state means, not its colour: the same five tints everywhere a state is not a ticket status. */
export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'accent';

export interface ToneBadgeProps extends Omit<BadgeProps, 'color' | 'variant'> {
  tone: BadgeTone;
}

/** A state or a count in the house badge style: dark text on a light tint with a hairline border (WCAG AA). */
export function ToneBadge({ tone, size = 'sm', className, ...rest }: ToneBadgeProps) {
  return (
    <Badge
      {...rest}
      size={size}
      radius="sm"
      variant="light"
      className={className ? `${classes.badge} ${className}` : classes.badge}
      data-tone={tone}
    />
  );
}
