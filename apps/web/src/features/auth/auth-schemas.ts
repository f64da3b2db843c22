// The contract's schemas the auth forms validate with, in their own chunk: loaded by lazy-validation.ts when a
// form is first used, so that zod is not part of the sign-in page's first load.
export { loginBodySchema, newPasswordSchema, passwordResetBodySchema, registerBodySchema } from '@taxportal/contract';
