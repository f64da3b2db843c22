import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** SPEC §2: links starting with https open in a new tab; paths on this site stay in the app. */
export function SiteLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  if (href.startsWith('/'))
    return (
      <Anchor component={Link} to={href} className={className}>
        {children}
      </Anchor>
    );
  const newTab = href.startsWith('https');
  return (
    <Anchor href={href} className={className} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </Anchor>
  );
}
