import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconFileCheck } from '@tabler/icons-react';

export interface BrandMarkProps {
  name: string;
  /** Hide the word mark on narrow headers. */
  compact?: boolean;
}

export function BrandMark({ name, compact }: BrandMarkProps) {
  return (
    <Group gap={10} wrap="nowrap">
      <ThemeIcon size={34} radius="md" variant="filled" aria-hidden>
        <IconFileCheck size={20} stroke={2} />
      </ThemeIcon>
      {!compact && (
        <Text fw={700} size="lg" c="dark.8" style={{ letterSpacing: '-0.01em' }}>
          {name}
        </Text>
      )}
    </Group>
  );
}
