import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useRef } from 'react';

/**
 * A form on a page the server rendered can be typed into (or filled by a password manager) before the app takes
 * the page over: hydration keeps what the fields show, but the form's state starts empty, so the first submit would
 * say "required" beside filled fields. On mount this takes what the form's fields show (by Mantine's `data-path`)
 * into the form's state. A form the browser drew itself shows its state already, and nothing changes.
 *
 * Returns the ref for the `<form>` element.
 */
export function useTypedBeforeHydration<V extends Record<string, unknown>>(form: UseFormReturnType<V>) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const typed: Record<string, unknown> = {};
    for (const [path, value] of Object.entries(form.getValues())) {
      const input = element.querySelector(`[data-path="${CSS.escape(path)}"]`);
      if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement)) continue;
      const shown: unknown =
        input instanceof HTMLInputElement && input.type === 'checkbox' ? input.checked : input.value;
      if (shown !== value && (typeof value === 'string' || typeof value === 'boolean')) typed[path] = shown;
    }
    if (Object.keys(typed).length) form.setValues(typed as Partial<V>);
    // Once, as the form first shows: from then on its fields and its state change together.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ref;
}
