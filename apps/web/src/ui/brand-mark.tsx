import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconFileCheck } from '@tabler/icons-react';

export interface BrandMarkProps {
  name: string;
  /** Hide the word mark on narrow headers. */
  compact?: boolean;
  /** The firm's logo (an address on this site or https), drawn instead of the portal's mark. */
  logoSrc?: string | undefined;
}

export function BrandMark({ name, compact, logoSrc }: BrandMarkProps) {
  return (
    <Group gap={10} wrap="nowrap" miw={0}>
      {logoSrc ? (
        <img src={logoSrc} alt="" height={34} style={{ height: 34, width: 'auto', display: 'block' }} />
      ) : (
        <ThemeIcon size={34} radius="md" variant="filled" aria-hidden>
          <IconFileCheck size={20} stroke={2} />
        </ThemeIcon>
      )}
      {!compact && (
        <Text fw={700} size="lg" c="dark.8" lineClamp={1} style={{ letterSpacing: '-0.01em' }}>
          {name}
        </Text>
      )}
    </Group>
  );
}
