import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { registerTexts, switchLanguage } from './language.ts';

/*
 * A portal page's chunk can arrive while the app switches to the reader's language (the profile's, applied as the
 * signed-in shell draws): its texts must come in that language, or the page stays English for good (an outside
 * tester's find, issue 31).
 */
describe('a part loaded during a switch of language', () => {
  afterEach(async () => {
    await switchLanguage('en');
  });

  it('gets the texts of the language being switched to', async () => {
    const switching = switchLanguage('es');
    const registering = registerTexts(async (language) =>
      language === 'es' ? { lateLoaded: { title: 'Crear caso' } } : null,
    );
    await Promise.all([switching, registering]);
    expect(i18n.language).toBe('es');
    expect(i18n.getResource('es', 'translation', 'lateLoaded.title')).toBe('Crear caso');
  });
});
