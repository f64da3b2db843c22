import { describe, expect, it } from 'vitest';
import { matchDocumentType } from './document-type-match.ts';

const types = [
  'W-2',
  '1099-INT',
  '1099-B',
  '1099-R',
  '1099-K',
  '1099-G',
  'SSA-1099',
  '1098 Mortgage Interest',
  'K-1',
  '1098-T Tuition',
  'Photo ID',
  'Prior Year Return',
  'Other',
].map((name, i) => ({ id: `t${i}`, name }));
const match = (text: string) => matchDocumentType(text, types)?.name ?? null;

describe('matchDocumentType', () => {
  it('finds the type a free text names, whatever the case, hyphens or spaces', () => {
    expect(match('Form 1099-K from PayPal')).toBe('1099-K');
    expect(match('W2 from employer')).toBe('W-2');
    expect(match('w 2 (second job)')).toBe('W-2');
    expect(match('1099int from the bank')).toBe('1099-INT');
    expect(match('ssa 1099 for Mom')).toBe('SSA-1099');
    expect(match('Photo ID of the spouse')).toBe('Photo ID');
    expect(match('1098 mortgage interest statement')).toBe('1098 Mortgage Interest');
  });

  it('finds plurals, what people also call a type, and a form number said alone (outside tester)', () => {
    expect(match('w-2s from both jobs')).toBe('W-2');
    expect(match("W2's")).toBe('W-2');
    expect(match('Mortgage 1098')).toBe('1098 Mortgage Interest');
    expect(match('1098-T for college')).toBe('1098-T Tuition');
    expect(match('Driver license (front and back)')).toBe('Photo ID');
    expect(match("Spouse's passport")).toBe('Photo ID');
    expect(match("Last year's return")).toBe('Prior Year Return');
    // The whole name wins over a number or another word found in the same text.
    expect(match('1098 mortgage interest and the passport')).toBe('1098 Mortgage Interest');
  });

  it('finds a name by a code of letters and digits anywhere in it, not by a bare number (outside tester)', () => {
    const labels = [{ name: 'Copy of the CP2000 notice (all pages)' }, { name: 'Bank letters of 2025' }];
    expect(matchDocumentType('CP2000 notice', labels)?.name).toBe('Copy of the CP2000 notice (all pages)');
    expect(matchDocumentType('cp-2000', labels)?.name).toBe('Copy of the CP2000 notice (all pages)');
    expect(matchDocumentType('scan 2025', labels)).toBeNull();
    expect(matchDocumentType('CP2001 notice', labels)).toBeNull();
  });

  it('takes a name only as a word of its own, the longest one found', () => {
    expect(match('Form 1099-K')).toBe('1099-K');
    expect(match('SSA-1099')).toBe('SSA-1099');
    expect(match('1099-Bonus letter')).toBeNull();
    expect(match('KW-2 form')).toBeNull();
    expect(match('Daycare provider letter')).toBeNull();
    expect(match('')).toBeNull();
  });
});
