import { describe, expect, it } from 'vitest';
import { phoneE164, phoneSchema } from './fields.ts';

describe('phoneE164: the one reading of a typed phone number', () => {
  it("reads a national number in the firm's country and answers E.164", () => {
    expect(phoneE164('(217) 555-0188', { region: 'US' })).toBe('+12175550188');
    expect(phoneE164('217.555.0188', { region: 'us' })).toBe('+12175550188');
    expect(phoneE164('020 7946 0018', { region: 'GB' })).toBe('+442079460018');
    expect(phoneE164('+44 20 7946 0018', { region: 'US' })).toBe('+442079460018');
  });

  it('needs a + without a region (or with one it does not know), and a number valid in its plan', () => {
    expect(phoneE164('(217) 555-0188')).toBeNull();
    expect(phoneE164('(217) 555-0188', { region: 'ZZ' })).toBeNull();
    expect(phoneE164('+1 217 555 0188', { region: 'ZZ' })).toBe('+12175550188');
    expect(phoneE164('+1 999 555 0000')).toBeNull();
    expect(phoneE164('+1 999 555 0000', { possible: true })).toBe('+19995550000');
  });

  it('refuses letters, symbols, control characters and absurd lengths', () => {
    for (const hostile of ['call me', '1-800-FLOWERS', '$&', '217\u0000555\u00000188', '1'.repeat(40), '', ' ', '+'])
      expect(phoneE164(hostile, { region: 'US' }), JSON.stringify(hostile)).toBeNull();
  });

  it('lets phoneSchema take a national number (the server reads it in the firm country), not junk', () => {
    expect(phoneSchema.parse('(217) 555-0188')).toBe('(217) 555-0188');
    expect(phoneSchema.parse('+1 (202) 555-0101')).toBe('+1 (202) 555-0101');
    for (const bad of ['+1 555', 'call me', '12', '1'.repeat(18), '217\u202e5550188', '$1'])
      expect(phoneSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
