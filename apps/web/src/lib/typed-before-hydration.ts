// Used by hydrate-prerendered.tsx: taken before hydrating, replayed once the page's parts have hydrated.

type Field = HTMLInputElement | HTMLTextAreaElement;
const isTextField = (node: unknown): node is Field =>
  node instanceof HTMLTextAreaElement ||
  (node instanceof HTMLInputElement && /^(text|search|email|tel|url|number|password|date)$/.test(node.type));
const isTick = (node: unknown): node is HTMLInputElement =>
  node instanceof HTMLInputElement && (node.type === 'checkbox' || node.type === 'radio');

/**
 * What the reader typed or ticked in the page's fields before the app took it over (between the first interaction
 * and hydration: a second or two on a phone), taken before hydrating and as it goes on. Hydration does not keep it
 * in the components: a form's state starts from what the server drew (empty), so its first submit would say
 * "required" beside filled fields, and React sets a controlled field back to the value it renders at the next
 * update. `replay` gives each component what was typed through the field's own event, as if typed now (React's
 * value tracker is first set back, so that it sees the change). This is the one place that does it, for every
 * rendered page: the sign-in and create-account forms, the site's web forms, a message on a ticket.
 */
export function typedBeforeHydration(container: HTMLElement) {
  const typed = new Map<Field, string>();
  const ticked = new Map<HTMLInputElement, boolean>();
  const unguards: (() => void)[] = [];
  /**
   * Hydration takes a field over as it is, but the first time its component draws again (a query answering, a
   * parent's state) React writes the component's value, still the server's empty one, into the field: what the
   * person typed is wiped before it could be replayed (issue 30: "ase call me tomorrow"). React marks the moment
   * it takes a field over by giving it `_valueTracker`, right after putting its own `value` (or `checked`)
   * property on it (react-dom's trackValueOnNode); from then until the replay, its writes to a field the person
   * changed are held off, so the field keeps their text, and their next keystroke tells the component.
   */
  const guard = (field: Field) => {
    const prop = isTick(field) ? 'checked' : 'value';
    const pending = () => (isTick(field) ? ticked.has(field) : typed.has(field as Field));
    Object.defineProperty(field, '_valueTracker', {
      configurable: true,
      get: () => undefined,
      set(tracker: unknown) {
        Object.defineProperty(field, '_valueTracker', { value: tracker, writable: true, configurable: true });
        const react = Object.getOwnPropertyDescriptor(field, prop);
        if (!react?.set || !react.get) return;
        const write = react.set;
        Object.defineProperty(field, prop, {
          configurable: true,
          get: react.get,
          set(value: unknown) {
            if (!pending()) write.call(field, value);
          },
        });
        unguards.push(() => Object.defineProperty(field, prop, react));
      },
    });
    unguards.push(() => {
      // Never taken over (not hydrated yet, or not React's): the field is left as the browser made it.
      const own = Object.getOwnPropertyDescriptor(field, '_valueTracker');
      if (own?.set) delete (field as { _valueTracker?: unknown })._valueTracker;
    });
  };
  /** A radio's group: the radios of its name with the same form (or none), wherever they are on the page. */
  const groupOf = (radio: HTMLInputElement) =>
    radio.name
      ? [...container.querySelectorAll('input[type="radio"]')].filter(
          (r): r is HTMLInputElement => isTick(r) && r.name === radio.name && r.form === radio.form,
        )
      : [radio];
  const take = (field: EventTarget | null) => {
    if (isTextField(field)) {
      if (field.value !== field.defaultValue) typed.set(field, field.value);
      else typed.delete(field);
    } else if (isTick(field)) {
      // A radio ticked unticks the others of its group (which fire no event): each is looked at again.
      for (const f of field.type === 'radio' ? groupOf(field) : [field])
        if (f.checked !== f.defaultChecked) ticked.set(f, f.checked);
        else ticked.delete(f);
    }
  };
  container.querySelectorAll('input, textarea').forEach((field) => {
    if (isTextField(field) || isTick(field)) guard(field);
    take(field);
  });
  const onInput = (event: Event) => take(event.target);
  container.addEventListener('input', onInput, true);
  container.addEventListener('change', onInput, true);
  return {
    /**
     * Once: it forgets what it gave back, so a second call (an effect run twice) does nothing, and from then on the
     * fields and the components change together, through React.
     */
    replay() {
      container.removeEventListener('input', onInput, true);
      container.removeEventListener('change', onInput, true);
      // React's own properties back before the replay writes through them (its value tracker must see them).
      for (const unguard of unguards.splice(0)) unguard();
      // A field gone, or disabled by the app meanwhile (a form being sent), is left as it is.
      const live = (field: Field) => field.isConnected && !field.matches(':disabled');
      for (const [field, value] of typed) {
        if (!live(field)) continue;
        field.value = value ? '' : ' '; // through React's tracker: anything but what was typed
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')!.set!.call(field, value);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
      for (const [field, checked] of ticked) {
        // A radio unticked is told by the one ticked in its group; a tick is given as a click, as React reads it.
        if (!live(field) || (field.type === 'radio' && !checked)) continue;
        field.checked = !checked; // through React's tracker: the other state, which the click then turns
        field.click();
      }
      typed.clear();
      ticked.clear();
    },
  };
}

export type TypedBeforeHydration = ReturnType<typeof typedBeforeHydration>;
