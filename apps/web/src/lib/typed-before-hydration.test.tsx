import { Checkbox, MantineProvider, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { act, fireEvent } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { typedBeforeHydration } from './typed-before-hydration.ts';

// A page the server drew, typed into before the app takes it over (hydrate-prerendered.tsx): the components' state
// must end up with what the fields show, whichever way each holds its state.
function Page() {
  const form = useForm({ initialValues: { email: '', due: '', agree: false, news: true } });
  const [note, setNote] = useState('');
  const [plan, setPlan] = useState('basic');
  const [view, setView] = useState('list');
  const [, redraw] = useState(0);
  const radios = (name: string, values: string[], value: string, set: (v: string) => void) =>
    values.map((v) => (
      <label key={v}>
        <input type="radio" name={name} value={v} checked={value === v} onChange={() => set(v)} />
        {v}
      </label>
    ));
  return (
    <>
      <form>
        <TextInput type="email" label="E-mail" {...form.getInputProps('email')} />
        <TextInput type="date" label="Due" {...form.getInputProps('due')} />
        <Checkbox label="I agree" {...form.getInputProps('agree', { type: 'checkbox' })} />
        <Checkbox label="News" {...form.getInputProps('news', { type: 'checkbox' })} />
        <textarea aria-label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        {radios('plan', ['basic', 'full'], plan, setPlan)}
      </form>
      {/* A group outside any form, as a segmented control draws one. */}
      <div>{radios('view', ['list', 'board', 'table'], view, setView)}</div>
      <output>{JSON.stringify({ ...form.getValues(), note, plan, view })}</output>
      <button type="button" onClick={() => redraw((n) => n + 1)}>
        Draw again
      </button>
    </>
  );
}
const tree = (
  <MantineProvider>
    <Page />
  </MantineProvider>
);
const UNTOUCHED = { email: '', due: '', agree: false, news: true, note: '', plan: 'basic', view: 'list' };

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** The page as the server sent it, to be typed into with no app there yet (only the browser's own events). */
function served() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree);
  document.body.append(container);
  const field = (selector: string) => container.querySelector<HTMLInputElement>(selector)!;
  const state = () => JSON.parse(container.querySelector('output')!.textContent!) as unknown;
  const hydrate = () =>
    act(() => {
      root = hydrateRoot(container, tree);
    });
  /** As the browser types: the field's own value changes (no script's setter is called), then `input`. */
  const type = (selector: string, value: string) => {
    const node = field(selector);
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(node) as object, 'value')!.set!.call(node, value);
    fireEvent.input(node);
  };
  return { container, field, state, hydrate, type };
}

describe('typedBeforeHydration', () => {
  it('gives each component what was typed and ticked before hydration', () => {
    const { container, field, state, hydrate, type } = served();
    // Some of it before the app's code arrived (a password manager's fill), some while it loads.
    field('input[type="email"]').value = 'someone@example.com';
    const typed = typedBeforeHydration(container);
    type('input[type="date"]', '2027-04-15');
    type('textarea', 'Call after 5');
    const [agree, news] = container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]');
    agree!.click();
    news!.click(); // ticked by default: unticked
    field('input[value="full"]').click();
    field('input[value="board"]').click();
    field('input[value="table"]').click();

    const email = field('input[type="email"]');
    hydrate();
    // Hydrated, the same nodes, but the components' state has none of it (and a controlled field drawn again after
    // hydration shows its state, not what was typed).
    expect(field('input[type="email"]')).toBe(email);
    expect(state()).toEqual(UNTOUCHED);

    act(() => typed.replay());
    expect(state()).toEqual({
      email: 'someone@example.com',
      due: '2027-04-15',
      agree: true,
      news: false,
      note: 'Call after 5',
      plan: 'full',
      view: 'table',
    });
    expect(email.value).toBe('someone@example.com');
    expect([...container.querySelectorAll<HTMLInputElement>('input:checked')].map((i) => i.value)).toEqual([
      'on', // agree
      'full',
      'table',
    ]);
  });

  it('keeps what was typed when the page draws again between hydration and the replay (issue 30)', () => {
    const { container, field, state, hydrate, type } = served();
    const typed = typedBeforeHydration(container);
    type('textarea', 'Please call me');
    type('input[type="email"]', 'someone@example.com');
    container.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    hydrate();
    // A query answers, a parent's state changes: the components draw again with their (empty) state.
    act(() => container.querySelector('button')!.click());
    expect(field('textarea').value).toBe('Please call me');
    expect(field('input[type="email"]').value).toBe('someone@example.com');
    expect(container.querySelector<HTMLInputElement>('input[type="checkbox"]')!.checked).toBe(true);
    // The next keystroke reaches the component with all of it.
    type('textarea', 'Please call me t');
    expect(state()).toMatchObject({ note: 'Please call me t' });
    act(() => typed.replay());
    expect(state()).toMatchObject({ note: 'Please call me t', email: 'someone@example.com', agree: true });
    // From here on React writes as it always does: the component's value is the field's.
    act(() => container.querySelector('button')!.click());
    expect(field('textarea').value).toBe('Please call me t');
  });

  it('leaves alone what was changed and changed back, in a form or not', () => {
    const { container, field, state, hydrate, type } = served();
    const typed = typedBeforeHydration(container);
    type('input[type="email"]', 'x');
    type('input[type="email"]', '');
    field('input[type="checkbox"]').click();
    field('input[type="checkbox"]').click();
    field('input[value="full"]').click();
    field('input[value="basic"]').click();
    // Outside a form: the browser tells only the radio ticked, not the one it unticks.
    field('input[value="board"]').click();
    field('input[value="list"]').click();
    hydrate();
    act(() => typed.replay());
    expect(state()).toEqual(UNTOUCHED);
  });

  it('replays once: what is typed afterwards goes through React alone', () => {
    const { container, field, state, hydrate, type } = served();
    const typed = typedBeforeHydration(container);
    type('input[type="email"]', 'before@example.com');
    field('input[value="board"]').click();
    hydrate();
    act(() => typed.replay());
    act(() => {
      fireEvent.change(field('input[type="email"]'), { target: { value: 'after@example.com' } });
      field('input[value="table"]').click();
    });
    // Called again (an effect run twice), it must not put back what was typed before.
    act(() => typed.replay());
    expect(state()).toMatchObject({ email: 'after@example.com', view: 'table' });
  });
});
