import { describe, expect, it } from 'vitest';
import { renderConsentDocument, type ConsentDocumentFields } from './document.ts';
import { MANDATORY_STATEMENTS, MANDATORY_STATEMENTS_ES } from './statements.ts';

const fields: ConsentDocumentFields = {
  kind: 'disclose',
  preparer_name: 'Firm $& Co',
  taxpayer_names: ['Ana Uno', 'Ben Dos'],
  signer_name: 'Ben Dos',
  purpose: 'Mortgage $1',
  information: '2025 Form 1040',
  recipient_name: 'Bank',
  recipient_email: 'loans@bank.example',
  ends_on: '2027-01-31',
};

describe('renderConsentDocument', () => {
  it('carries each statement of its kind, verbatim, and the TIGTA one last', () => {
    for (const kind of ['use', 'disclose'] as const) {
      const text = renderConsentDocument({ ...fields, kind });
      for (const s of MANDATORY_STATEMENTS[kind]) expect(text).toContain(s);
      expect(text.endsWith(MANDATORY_STATEMENTS.tigta)).toBe(true);
      const other = kind === 'use' ? 'disclose' : 'use';
      expect(text).not.toContain(MANDATORY_STATEMENTS[other][0]);
    }
  });

  it('names both taxpayers of a joint return, the signer, and takes $ patterns as text', () => {
    const text = renderConsentDocument(fields);
    expect(text).toContain('Ana Uno / Ben Dos');
    expect(text).toContain('I, Ben Dos, authorize Firm $& Co to disclose');
    expect(text).toContain('Purpose: Mortgage $1');
    expect(text).toContain('This consent is valid through 2027-01-31.');
    expect(text).toContain('Recipient: Bank <loans@bank.example>');
  });

  it('translates for a Spanish reader with the courtesy statements', () => {
    const text = renderConsentDocument(fields, 'es');
    for (const s of MANDATORY_STATEMENTS_ES.disclose) expect(text).toContain(s);
    expect(text).not.toContain(MANDATORY_STATEMENTS.disclose[0]);
  });
});
