import { Anchor } from '@mantine/core';
import { hrefTarget } from '@taxportal/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * SPEC §2: links starting with https open in a new tab; paths on this site stay in the app. What an address leads
 * to is the contract's one rule (hrefTarget): an address that only looks like a path (`/\evil.example`) is drawn as
 * text, never as a link to another site, whatever was stored before the contract refused it.
 */
export function SiteLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  const target = hrefTarget(href);
  if (!target) return <span className={className}>{children}</span>;
  if (target.kind === 'path')
    return (
      <Anchor component={Link} to={target.href} className={className}>
        {children}
      </Anchor>
    );
  const newTab = target.kind === 'web' && target.href.startsWith('https');
  return (
    <Anchor
      href={target.href}
      className={className}
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </Anchor>
  );
}
