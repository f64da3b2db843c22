import { describe, expect, it } from 'vitest';
import siteEditor from '../../features/cms/i18n/site-editor.en.json';
import siteInbox from '../../features/cms/i18n/site-inbox.en.json';
import { catalogues } from './index.ts';

describe('the i18n catalogues', () => {
  it('no two catalogues define the same top-level key (the merge would silently keep only the last)', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const [name, catalogue] of Object.entries({ ...catalogues, siteEditor, siteInbox })) {
      for (const key of Object.keys(catalogue)) {
        const first = owner.get(key);
        if (first) clashes.push(`${key}: ${first} and ${name}`);
        else owner.set(key, name);
      }
    }
    expect(clashes).toEqual([]);
  });
});
