import { describe, expect, it } from 'vitest';
import { isProblem, problemSchema } from './problem.ts';

const ok = { type: 'about:blank', title: 'Bad Request', status: 422, detail: 'Check the form.' };

describe('isProblem', () => {
  it.each([
    ['a problem', ok],
    ['with field errors', { ...ok, errors: [{ field: 'email', message: 'Enter a valid e-mail address' }] }],
    ['with other members', { ...ok, instance: '/x' }],
    ['not an object', 'Bad Request'],
    ['null', null],
    ['an array', [ok]],
    ['without detail', { type: ok.type, title: ok.title, status: 422 }],
    ['a fractional status', { ...ok, status: 422.5 }],
    ['a string status', { ...ok, status: '422' }],
    ['errors not a list', { ...ok, errors: { field: 'email', message: 'x' } }],
    ['an error without message', { ...ok, errors: [{ field: 'email' }] }],
    ['an error of numbers', { ...ok, errors: [{ field: 1, message: 2 }] }],
    ['errors null', { ...ok, errors: null }],
  ])('agrees with problemSchema on %s', (_, body) => {
    expect(isProblem(body)).toBe(problemSchema.safeParse(body).success);
  });
});
