import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInThenReturn } from './return-path.ts';

describe('safeReturnPath', () => {
  it('keeps a path of this site, with its query', () => {
    expect(safeReturnPath('/form/message/TD.0012')).toBe('/form/message/TD.0012');
    expect(safeReturnPath('/create-ticket?service=8c1f-2')).toBe('/create-ticket?service=8c1f-2');
  });

  it('drops anything that could lead elsewhere, or back to sign-in', () => {
    for (const raw of [
      null,
      '',
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example/x',
      '/\tevil',
      'javascript:alert(1)',
      '/x\u202Egnp.exe',
      '/register',
      '/register?next=/register',
      `/${'a'.repeat(600)}`,
      'dashboard',
    ]) {
      expect(safeReturnPath(raw), String(raw)).toBeNull();
    }
  });

  it('makes the sign-in address that returns', () => {
    expect(signInThenReturn('/vault')).toBe('/register?next=%2Fvault');
    expect(signInThenReturn('/')).toBe('/register');
    expect(signInThenReturn('//evil.example')).toBe('/register');
  });
});
