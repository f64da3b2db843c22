import { describe, expect, it } from 'vitest';
import { taxPayerAnswersSchema } from './questionnaire.ts';
import { isIssuableItin, isIssuableSsn, normalTaxId, taxIdAnswer, taxIdDigits, taxIdProblem } from './tax-id.ts';

/** The one rule of a typed SSN or ITIN (the questionnaire's and the organizer's). */
describe('tax ids', () => {
  it('reads nine digits in three groups parted by a dash, a space or nothing', () => {
    for (const typed of ['123-45-6789', '123 45 6789', '123456789', ' 123-45 6789 '])
      expect(taxIdDigits(typed), typed).toBe('123456789');
    for (const typed of ['12-345-6789', '1234-5-6789', '12345678', '1234567890', '123--45-6789', 'abc-de-fghi', ''])
      expect(taxIdDigits(typed), typed).toBeNull();
  });

  it('knows the SSNs the SSA never issues', () => {
    for (const ok of ['123456789', '665999999', '667010001', '899999999']) expect(isIssuableSsn(ok), ok).toBe(true);
    for (const bad of ['000000000', '000123456', '666123456', '900123456', '999999999', '123004567', '123450000'])
      expect(isIssuableSsn(bad), bad).toBe(false);
  });

  it('knows the ITINs by their 9 and the IRS ranges of the middle digits', () => {
    for (const ok of [
      '900501234',
      '912651234',
      '999701234',
      '900881234',
      '900901234',
      '900921234',
      '900941234',
      '999991234',
    ])
      expect(isIssuableItin(ok), ok).toBe(true);
    for (const bad of ['900491234', '900661234', '900691234', '900891234', '900931234', '800701234'])
      expect(isIssuableItin(bad), bad).toBe(false);
  });

  it('says what is wrong, lets a mask through, and keeps a number as 123-45-6789', () => {
    expect(taxIdProblem('000-00-0000')).toBe('not_issued');
    expect(taxIdProblem('912-34-5678')).toBe('not_issued');
    expect(taxIdProblem('12345')).toBe('nine_digits');
    expect(taxIdProblem('***-**-1234')).toBeNull();
    expect(taxIdProblem('912-70-1234')).toBeNull();
    expect(normalTaxId('123 45 6789')).toBe('123-45-6789');
    expect(normalTaxId('***-**-1234')).toBe('***-**-1234');
  });

  it('is the questionnaire’s rule too: refused with its message, normalised when it passes', () => {
    expect(taxIdAnswer().parse(' 123 45 6789')).toBe('123-45-6789');
    const refused = taxPayerAnswersSchema.safeParse({ ssn: '666-12-3456', spouse: { itin: '123' } });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['ssn', 'This is not an SSN or ITIN that can exist: check the number.'],
      ['spouse.itin', 'Must be exactly nine digits.'],
    ]);
    expect(taxPayerAnswersSchema.parse({ ssn: '123456789', itin: '***-**-1234' })).toEqual({
      ssn: '123-45-6789',
      itin: '***-**-1234',
    });
  });
});
