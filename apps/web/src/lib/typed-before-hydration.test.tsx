import { Checkbox, MantineProvider, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { act, fireEvent } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { typedBeforeHydration } from './typed-before-hydration.ts';

// A page the server drew, typed into before the app takes it over (hydrate-prerendered.tsx): the form's state must
// end up with what the fields show, whichever way the form holds its state.
function Page() {
  const form = useForm({ initialValues: { email: '', agree: false } });
  const [note, setNote] = useState('');
  const [plan, setPlan] = useState('basic');
  const values = form.getValues();
  return (
    <form name="f">
      <TextInput type="email" label="E-mail" {...form.getInputProps('email')} />
      <Checkbox label="I agree" {...form.getInputProps('agree', { type: 'checkbox' })} />
      <textarea aria-label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} />
      {['basic', 'full'].map((p) => (
        <label key={p}>
          <input type="radio" name="plan" value={p} checked={plan === p} onChange={() => setPlan(p)} />
          {p}
        </label>
      ))}
      <output>{JSON.stringify({ ...values, note, plan })}</output>
    </form>
  );
}
const tree = (
  <MantineProvider>
    <Page />
  </MantineProvider>
);

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** The page as the server sent it, typed into with no app there yet (only the browser's own events). */
function served() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree);
  document.body.append(container);
  const field = <T extends Element>(selector: string) => container.querySelector<T & HTMLInputElement>(selector)!;
  return { container, field };
}

const state = (container: HTMLElement) => JSON.parse(container.querySelector('output')!.textContent!) as unknown;

describe('typedBeforeHydration', () => {
  it('gives each component what was typed and ticked before hydration: text, a textarea, a checkbox, a radio', () => {
    const { container, field } = served();
    // Some of it before the app's code arrived (a password manager's fill), some while it loads.
    field('input[type="email"]').value = 'someone@example.com';
    const typed = typedBeforeHydration(container);
    const note = field<HTMLTextAreaElement>('textarea');
    note.value = 'Call after 5';
    fireEvent.input(note);
    field('input[type="checkbox"]').click();
    field('input[value="full"]').click();

    const email = field('input[type="email"]');
    act(() => {
      root = hydrateRoot(container, tree);
    });
    // Hydrated, the same nodes, but the components' state has none of it (and a controlled field drawn again after
    // hydration shows its state, not what was typed).
    expect(field('input[type="email"]')).toBe(email);
    expect(state(container)).toEqual({ email: '', agree: false, note: '', plan: 'basic' });

    act(() => typed.replay());
    expect(state(container)).toEqual({ email: 'someone@example.com', agree: true, note: 'Call after 5', plan: 'full' });
    expect(email.value).toBe('someone@example.com');
    expect(note.value).toBe('Call after 5');
    expect(field('input[type="checkbox"]').checked).toBe(true);
    expect(field('input[value="full"]').checked).toBe(true);
    expect(field('input[value="basic"]').checked).toBe(false);
  });

  it('leaves alone what was changed and changed back, and what the app changes after hydration', () => {
    const { container, field } = served();
    const typed = typedBeforeHydration(container);
    const email = field('input[type="email"]');
    email.value = 'x';
    fireEvent.input(email);
    email.value = '';
    fireEvent.input(email);
    field('input[type="checkbox"]').click();
    field('input[type="checkbox"]').click();
    act(() => {
      root = hydrateRoot(container, tree);
    });
    act(() => typed.replay());
    expect(state(container)).toEqual({ email: '', agree: false, note: '', plan: 'basic' });
    // No longer listening: typed now, it reaches the form once, through React.
    act(() => {
      fireEvent.change(email, { target: { value: 'later@example.com' } });
    });
    act(() => typed.replay());
    expect(state(container)).toEqual({ email: 'later@example.com', agree: false, note: '', plan: 'basic' });
  });
});
