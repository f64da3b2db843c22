import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSealedField, openField, sealField } from './field-crypto.ts';

const master = randomBytes(32);

describe('field crypto (AES-256-GCM, per-field key wrapped by the master key)', () => {
  it('round-trips a value and never carries it in clear', () => {
    const sealed = sealField(master, '123456789', 't1|tax_payer.ssn');
    expect(isSealedField(sealed)).toBe(true);
    expect(sealed).not.toContain('123456789');
    expect(sealed).not.toContain(Buffer.from('123456789').toString('base64url'));
    expect(openField(master, sealed, 't1|tax_payer.ssn')).toBe('123456789');
  });

  it('uses a fresh key and IV per value: the same value seals differently', () => {
    const a = sealField(master, '123456789', 'c');
    const b = sealField(master, '123456789', 'c');
    expect(a).not.toBe(b);
    expect(a.split('.')[3]).not.toBe(b.split('.')[3]);
  });

  it('refuses another context (a value copied to another field or ticket)', () => {
    const sealed = sealField(master, '123456789', 't1|tax_payer.ssn');
    expect(() => openField(master, sealed, 't2|tax_payer.ssn')).toThrow();
    expect(() => openField(master, sealed, 't1|tax_payer.spouse.ssn')).toThrow();
  });

  it('refuses another master key and any altered byte', () => {
    const sealed = sealField(master, '987654321', 'c');
    expect(() => openField(randomBytes(32), sealed, 'c')).toThrow();
    const parts = sealed.split('.');
    const ct = Buffer.from(parts[6]!, 'base64url');
    ct[0] = ct[0]! ^ 1;
    parts[6] = ct.toString('base64url');
    expect(() => openField(master, parts.join('.'), 'c')).toThrow();
    expect(() => openField(master, 'f1.abc', 'c')).toThrow(/not a sealed field/);
  });

  it('requires a 32-byte master key', () => {
    expect(() => sealField(randomBytes(16), 'x', 'c')).toThrow(/32 bytes/);
  });
});
