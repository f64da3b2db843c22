import { describe, expect, it } from 'vitest';
import { languageOfAcceptLanguage, languageOfTag, readerLanguage } from './language.ts';

describe("the reader's language", () => {
  it('reads Spanish from any es tag, and nothing from a language the portal does not speak', () => {
    expect(languageOfTag('es')).toBe('es');
    expect(languageOfTag('ES-us')).toBe('es');
    expect(languageOfTag('es-419')).toBe('es');
    expect(languageOfTag('en-GB')).toBe('en');
    expect(languageOfTag('fr-FR')).toBeNull();
    expect(languageOfTag('')).toBeNull();
    expect(languageOfTag('estonian')).toBeNull();
  });

  it("takes Accept-Language's highest weight, then its order", () => {
    expect(languageOfAcceptLanguage('es-US,es;q=0.9,en;q=0.8')).toBe('es');
    expect(languageOfAcceptLanguage('fr-FR,fr;q=0.9,es;q=0.8,en;q=0.7')).toBe('es');
    expect(languageOfAcceptLanguage('en;q=0.5, es;q=0.6')).toBe('es');
    expect(languageOfAcceptLanguage('es;q=0, en')).toBe('en');
    expect(languageOfAcceptLanguage('de, fr')).toBeNull();
    expect(languageOfAcceptLanguage(undefined)).toBeNull();
    expect(languageOfAcceptLanguage('es;q=abc')).toBeNull();
    expect(languageOfAcceptLanguage('$&;q=1,\u202e')).toBeNull();
  });

  it('lets the cookie win over the browser, and ignores a cookie it does not know', () => {
    expect(readerLanguage('en', 'es-US')).toBe('en');
    expect(readerLanguage('es', 'en-US')).toBe('es');
    expect(readerLanguage('xx', 'es')).toBe('es');
    expect(readerLanguage(undefined, undefined)).toBe('en');
  });
});
