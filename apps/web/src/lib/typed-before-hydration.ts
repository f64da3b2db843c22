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
  const take = (field: EventTarget | null) => {
    if (isTextField(field)) {
      if (field.value !== field.defaultValue) typed.set(field, field.value);
      else typed.delete(field);
    } else if (isTick(field)) {
      // A radio ticked unticks the others of its group: each is looked at again.
      const group = field.type === 'radio' && field.name ? field.form?.elements.namedItem(field.name) : null;
      const fields = group instanceof RadioNodeList ? [...group].filter(isTick) : [field];
      for (const f of fields)
        if (f.checked !== f.defaultChecked) ticked.set(f, f.checked);
        else ticked.delete(f);
    }
  };
  container.querySelectorAll('input, textarea').forEach(take);
  const onInput = (event: Event) => take(event.target);
  container.addEventListener('input', onInput, true);
  container.addEventListener('change', onInput, true);
  return {
    replay() {
      container.removeEventListener('input', onInput, true);
      container.removeEventListener('change', onInput, true);
      for (const [field, value] of typed) {
        if (!field.isConnected) continue;
        field.value = value ? '' : ' '; // through React's tracker: anything but what was typed
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')!.set!.call(field, value);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
      for (const [field, checked] of ticked) {
        // A radio unticked is told by the one ticked in its group; a tick is given as a click, as React reads it.
        if (!field.isConnected || (field.type === 'radio' && !checked)) continue;
        field.checked = !checked; // through React's tracker: the other state, which the click then turns
        field.click();
      }
    },
  };
}

export type TypedBeforeHydration = ReturnType<typeof typedBeforeHydration>;
