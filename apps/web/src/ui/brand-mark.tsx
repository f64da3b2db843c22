import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconFileCheck } from '@tabler/icons-react';
import classes from './brand-mark.module.css';

export interface BrandMarkProps {
  name: string;
  /** Hide the word mark on narrow headers. */
  compact?: boolean;
  /**
   * The firm's logo (an address on this site or https), drawn instead of the portal's mark, 34 px high. With its
   * size known (the media library records it), the browser reserves its width before it loads: nothing shifts.
   */
  logo?: { src: string; width?: number | undefined; height?: number | undefined } | null | undefined;
}

const LOGO_HEIGHT = 34;

export function BrandMark({ name, compact, logo }: BrandMarkProps) {
  return (
    <Group gap={10} wrap="nowrap" miw={0}>
      {logo ? (
        <img
          src={logo.src}
          alt=""
          height={LOGO_HEIGHT}
          width={logo.width && logo.height ? Math.round((LOGO_HEIGHT * logo.width) / logo.height) : undefined}
          style={{ height: LOGO_HEIGHT, width: 'auto', display: 'block' }}
        />
      ) : (
        <ThemeIcon size={34} radius="md" variant="filled" aria-hidden>
          <IconFileCheck size={20} stroke={2} />
        </ThemeIcon>
      )}
      {!compact && (
        <Text component="span" className={classes.name}>
          {name}
        </Text>
      )}
    </Group>
  );
}
