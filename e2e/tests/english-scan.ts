import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { SERVER_TEXTS, flattenTexts, type TextTree } from '../../packages/contract/src/texts/index.ts';

/*
 * Issue 31's acceptance: a Spanish reader meets no English sentence. The English of every catalogue (the web's
 * en.json files, the server's SERVER_TEXTS), cut at its placeholders into pieces of at least two words, is looked
 * for in what the page shows. A piece its Spanish keeps as it is (a name, "Form 8879") is no English.
 */
const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src');
const catalogues = (name: string) =>
  fs
    .readdirSync(web, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(name))
    .map((e) => JSON.parse(fs.readFileSync(path.join(e.parentPath, e.name), 'utf8')) as TextTree);

const texts = (trees: TextTree[]) => trees.flatMap((t) => [...flattenTexts(t).values()]);
// The server's Spanish, read as files (Node's loader here wants JSON imported with an attribute the apps' do not use).
const serverEs = path.resolve(web, '../../../packages/contract/src/texts/es');
const serverSpanish = fs
  .readdirSync(serverEs)
  .map((f) => JSON.parse(fs.readFileSync(path.join(serverEs, f), 'utf8')) as TextTree);
const spanish = texts([...catalogues('es.json'), ...serverSpanish]).join('\n');

/** The English pieces a page must not show: two words or more, none of which Spanish keeps. */
export const ENGLISH_PIECES = [
  ...new Set(
    texts([...catalogues('en.json'), SERVER_TEXTS])
      .flatMap((text) => text.split(/\{\{[^}]*\}\}|<\/?\d+>|\$t\([^)]*\)|\n/))
      .map((piece) => piece.trim().replace(/^[\s,.:;–-]+|[\s,:;–-]+$/g, ''))
      .filter((piece) => /^[A-Za-z'’]+([ -][A-Za-z'’]+)+/.test(piece) && piece.length >= 9 && !spanish.includes(piece)),
  ),
].sort((a, b) => b.length - a.length);

/** The English pieces the page shows (its visible text, dialogs and toasts included). */
export async function englishOnScreen(page: Page): Promise<string[]> {
  const shown = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  return ENGLISH_PIECES.filter((piece) => shown.includes(piece));
}

const spanishByKey = new Map(catalogues('es.json').flatMap((t) => [...flattenTexts(t)]));
/** A web text in Spanish, by its key (`auth.fullName`): what a Spanish reader's screen says. */
export function es(key: string): string {
  const text = spanishByKey.get(key);
  if (text === undefined) throw new Error(`no Spanish text ${key}`);
  return text;
}
