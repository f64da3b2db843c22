import { Group, Paper, Stack, Text, ThemeIcon, Title, type PaperProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './section-card.module.css';

export interface SectionCardProps extends Omit<PaperProps, 'title' | 'children'> {
  title: ReactNode;
  /** A Tabler icon shown in a tinted square before the title (decorative). */
  icon?: Icon;
  /** A count or state right after the title. */
  badge?: ReactNode;
  /** Links or buttons at the right of the header. */
  actions?: ReactNode;
  /** A dimmed line under the title. */
  description?: ReactNode;
  children?: ReactNode;
  'data-testid'?: string;
}

/**
 * One card of a page (a ticket's panels, the dashboard's cards, the vault's parts): the same padding,
 * the same h2 header (icon, title, badge, actions) everywhere, so the panels of different features line up.
 */
export function SectionCard({
  title,
  icon: SectionIcon,
  badge,
  actions,
  description,
  children,
  ...rest
}: SectionCardProps) {
  return (
    <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }} {...rest}>
      <Stack gap="md">
        <div>
          {/* The actions drop under the title when both do not fit on one line (phones). */}
          <Group justify="space-between" align="center" gap="xs">
            <Group gap="sm" wrap="nowrap" className={classes.heading}>
              {SectionIcon && (
                <ThemeIcon variant="light" size={32} radius="md" aria-hidden className={classes.icon}>
                  <SectionIcon size={18} stroke={1.8} />
                </ThemeIcon>
              )}
              <Title order={2} size="h4" className={classes.title}>
                {title}
              </Title>
              {badge}
            </Group>
            {actions && (
              <Group gap="xs" wrap="nowrap" className={classes.actions}>
                {actions}
              </Group>
            )}
          </Group>
          {description && (
            <Text size="sm" c="dimmed" mt={6}>
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
