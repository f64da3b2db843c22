import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import siteEditor from '../../features/cms/i18n/site-editor.en.json';
import siteInbox from '../../features/cms/i18n/site-inbox.en.json';
import { catalogues } from './index.ts';
import { portalCatalogues, portalTexts } from './portal-texts.ts';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every .ts and .tsx file under `dir`, tests aside. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * Every string in `code` that starts like a key of the portal's texts: its first segment is one of their top-level
 * keys (which no other catalogue has, see below), whole or as a prefix ('a.b', `a.${x}`, 'a.b_one'), whatever
 * reads it (t(), i18nKey, a label key in an object).
 */
function portalKeysIn(code: string): string[] {
  const found = new Set<string>();
  for (const [, literal, top] of code.matchAll(/['"`](([a-zA-Z]+)\.[^'"`\s]*)/g)) {
    if (Object.hasOwn(portalTexts, top!)) found.add(literal!);
  }
  return [...found];
}

describe('the i18n catalogues', () => {
  it('no two catalogues define the same top-level key (the merge would silently keep only the last)', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const [name, catalogue] of Object.entries({ ...catalogues, ...portalCatalogues, siteEditor, siteInbox })) {
      for (const key of Object.keys(catalogue)) {
        const first = owner.get(key);
        if (first) clashes.push(`${key}: ${first} and ${name}`);
        else owner.set(key, name);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('finds a key of the portal written in code, whole or as a prefix', () => {
    const portal =
      "t('tickets.myTitle'); t(`billing.status.${s}`); t(`vault.${k}`); { labelKey: 'notifications.bellUnread' }";
    const firstLoad = "t('auth.signInTab'); t(`menu.${m}`); 'a.b'; 'e.g. this'";
    expect(portalKeysIn(`${portal}; ${firstLoad}`)).toEqual([
      'tickets.myTitle',
      'billing.status.${s}',
      'vault.${k}',
      'notifications.bellUnread',
    ]);
  });

  /**
   * What anyone can open without signing in (the shell, ui/, lib/, sign-in and the public site) is drawn with the
   * first load's texts alone: the portal's come with its own pages (index.ts). The site editor and inbox, staff's
   * pages, may use them.
   */
  it("no module the public pages are made of uses the portal's texts", () => {
    const dirs = ['app', 'lib', 'ui', 'features/auth', 'features/cms', 'features/placeholder'];
    const portalOnly = [
      'app/i18n/portal-texts.ts',
      'app/layout/signed-in-shell.tsx',
      'features/cms/editor/',
      'features/cms/inbox/',
      'lib/realtime/', // the live stream, signed in only; its event names ('ticket.created') are not texts
    ];
    const uses = dirs
      .flatMap((dir) => sourceFiles(path.join(src, dir)))
      // The entries (main.tsx, hydrate-prerendered.tsx, entry-server.tsx) beside the folders.
      .concat(fs.readdirSync(src).flatMap((f) => (/\.tsx?$/.test(f) && !/\.test\./.test(f) ? [path.join(src, f)] : [])))
      .map((file) => path.relative(src, file))
      .filter((file) => !portalOnly.some((p) => file.startsWith(p)))
      .flatMap((file) => portalKeysIn(fs.readFileSync(path.join(src, file), 'utf8')).map((key) => `${file}: ${key}`));
    expect(uses).toEqual([]);
  });
});
