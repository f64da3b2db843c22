import type { UseFormReturnType } from '@mantine/form';
import type { FormEvent } from 'react';
import type * as AuthSchemas from './auth-schemas.ts';

type Schemas = typeof AuthSchemas;
const loadSchemas = (): Promise<Schemas> => import('./auth-schemas.ts');

/** Starts loading the forms' schemas when a form gets focus, so they are there by the time it is sent. */
export const preloadSchemas = (): void => void loadSchemas().catch(() => undefined);

type Errors = Record<string, string | null | undefined>;

/**
 * A form's submit handler that validates with the contract's schemas, loaded on first use (zod comes with the
 * form, not with the page): the fields' errors are shown and `submit` runs only when there are none.
 */
export function submitValidated<V extends Record<string, unknown>>(
  form: UseFormReturnType<V>,
  validate: (schemas: Schemas, values: V) => Errors,
  submit: (values: V) => Promise<void>,
): (event?: FormEvent) => void {
  const run = async () => {
    const values = form.getValues();
    const errors = Object.fromEntries(Object.entries(validate(await loadSchemas(), values)).filter(([, v]) => v));
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) await submit(values);
  };
  return (event) => {
    event?.preventDefault();
    void run();
  };
}
