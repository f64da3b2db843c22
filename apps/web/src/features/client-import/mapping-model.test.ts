import { importMappingSchema } from '@taxportal/contract';
import { describe, expect, it } from 'vitest';
import { assign, columnLetter, isComplete } from './mapping-model.ts';

const empty = importMappingSchema.parse({});

describe('the mapping step', () => {
  it('names columns as a spreadsheet does', () => {
    expect([0, 1, 25, 26, 27, 51, 52].map(columnLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA']);
  });

  it('gives a column to one field only, and a full name replaces first and last names', () => {
    let m = assign(empty, 'first_name', 0);
    m = assign(m, 'last_name', 1);
    expect(isComplete(m)).toBe(false);
    m = assign(m, 'email', 1);
    expect(m).toMatchObject({ first_name: 0, last_name: null, email: 1 });
    m = assign(m, 'full_name', 2);
    expect(m).toMatchObject({ full_name: 2, first_name: null, last_name: null, email: 1 });
    expect(isComplete(m)).toBe(true);
    expect(isComplete(assign(m, 'email', null))).toBe(false);
  });
});
