import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import siteEditor from '../../features/cms/i18n/site-editor.en.json';
import siteInbox from '../../features/cms/i18n/site-inbox.en.json';
import householdDependents from '../../features/household-dependents/en.json';
import households from '../../features/households/en.json';
import organizer from '../../features/organizer/en.json';
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
  return [
    ...new Set(
      keysIn(code)
        .filter(([, top]) => Object.hasOwn(portalTexts, top))
        .map(([literal]) => literal),
    ),
  ];
}

/** Every string in `code` that may be a key: `[literal, its first segment]` ('a.b', `a.${x}`, 'a.b_one'). */
function keysIn(code: string): [literal: string, top: string][] {
  return [...code.matchAll(/['"`](([a-zA-Z]+)\.[^'"`\s]*)/g)].map((m) => [m[1]!, m[2]!]);
}

describe('the i18n catalogues', () => {
  it('no two catalogues define the same top-level key (the merge would silently keep only the last)', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const [name, catalogue] of Object.entries({
      ...catalogues,
      ...portalCatalogues,
      siteEditor,
      siteInbox,
      organizer,
      householdDependents,
      households,
    })) {
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
   * Each feature owns its texts: its modules read keys of its own catalogues (`features/<name>/en.json`, and
   * `i18n/*.en.json` inside it) and of the shell's (`app/i18n/en.json`, where terms several features share live:
   * `common.status`, `common.loadMore`…), never another feature's. The shell, lib/ and ui/ read the shell's alone.
   * So a feature's texts can change, move or be translated without another feature's screen changing with them.
   */
  it("no module reads a key from another feature's catalogue", () => {
    const owner = new Map<string, string>();
    for (const key of Object.keys(catalogues.shell)) owner.set(key, 'shell');
    const features = path.join(src, 'features');
    for (const feature of fs.readdirSync(features)) {
      for (const entry of fs.readdirSync(path.join(features, feature), { recursive: true, encoding: 'utf8' })) {
        if (!/(^|[\\/])([\w-]+\.)?en\.json$/.test(entry)) continue;
        const catalogue = JSON.parse(fs.readFileSync(path.join(features, feature, entry), 'utf8')) as object;
        for (const key of Object.keys(catalogue)) owner.set(key, feature);
      }
    }
    // Not texts: the portal's catalogue loader asks whether its texts are in yet; the live stream's event names.
    const notTexts = ['app/i18n/portal-texts.ts', 'lib/realtime/'];
    const wrong: string[] = [];
    for (const file of sourceFiles(src).map((f) => path.relative(src, f).split(path.sep).join('/'))) {
      if (notTexts.some((p) => file.startsWith(p))) continue;
      const reader = file.startsWith('features/') ? file.split('/')[1]! : 'shell';
      const code = fs.readFileSync(path.join(src, file), 'utf8');
      for (const [literal, top] of keysIn(code)) {
        const of = owner.get(top);
        if (of && of !== 'shell' && of !== reader) wrong.push(`${file}: ${literal} (${of}'s text)`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('reads keys whole, as a prefix and in any quotes', () => {
    const code = "t('tickets.col.status'); t(`vault.${k}`); i18nKey=\"common.status\"; 'e.g. this'";
    expect(keysIn(code)).toEqual([
      ['tickets.col.status', 'tickets'],
      ['vault.${k}', 'vault'],
      ['common.status', 'common'],
      ['e.g.', 'e'],
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
