import { Anchor } from '@mantine/core';
import { hrefTarget } from '@taxportal/contract';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Link } from 'react-router';
import { useSiteHref } from './site-language.ts';

/**
 * SPEC §2: links starting with https open in a new tab; paths on this site stay in the app. What an address leads
 * to is the contract's one rule (hrefTarget): an address that only looks like a path (`/\evil.example`) is drawn as
 * text, never as a link to another site, whatever was stored before the contract refused it.
 */
export function SiteLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  const local = useSiteHref();
  const target = hrefTarget(href);
  if (!target) return <span className={className}>{children}</span>;
  if (target.kind === 'path')
    return (
      <Anchor component={Link} to={local(target.href)} className={className}>
        {children}
      </Anchor>
    );
  return (
    <Anchor href={target.href} className={className} {...newTabOf(target)}>
      {children}
    </Anchor>
  );
}

const newTabOf = (target: { kind: string; href: string }) =>
  target.kind === 'web' && target.href.startsWith('https') ? { target: '_blank', rel: 'noopener noreferrer' } : {};

/**
 * The same link as a bare element that takes every prop and ref it is given: what a menu draws as its item
 * (`<Menu.Item component={SiteMenuLink}>`), so the menu's role, focus, keys and look are the item's own. An Anchor
 * there dropped them, and drew the items as loose page links.
 */
export function SiteMenuLink({ href, children, ...rest }: ComponentPropsWithRef<'a'> & { href: string }) {
  const local = useSiteHref();
  const target = hrefTarget(href);
  if (!target) return <span {...(rest as ComponentPropsWithRef<'span'>)}>{children}</span>;
  if (target.kind === 'path')
    return (
      <Link to={local(target.href)} {...rest}>
        {children}
      </Link>
    );
  return (
    <a href={target.href} {...newTabOf(target)} {...rest}>
      {children}
    </a>
  );
}
