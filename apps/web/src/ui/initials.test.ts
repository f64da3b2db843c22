import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

describe('initialsOf', () => {
  it('takes the first letter of the first two words that have one, never half an emoji or a symbol', () => {
    expect(initialsOf('Casey Taxpayer')).toBe('CT');
    expect(initialsOf('josé $& núñez')).toBe('JN');
    expect(initialsOf('😀 Smiley Face')).toBe('SF');
    expect(initialsOf('😀😀')).toBe('😀');
    expect(initialsOf('  ')).toBe('');
  });
});
