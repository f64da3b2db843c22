import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's h1, an optional line under it and its main actions on the right (wrapping on phones). */
export function PageTitle({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <div style={{ minWidth: 0 }}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" mt={4} size="sm">
            {subtitle}
          </Text>
        )}
      </div>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
