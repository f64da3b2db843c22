/**
 * A passkey at signing, the one home of the browser's side (docs/decisions/0021-a): Form 8879's confirmation, an
 * engagement letter's (0036) and a §7216 consent's (0034) each ask their own endpoint for WebAuthn options bound
 * to the signer, then this: the browser's passkey prompt, whose answer goes back to that document's endpoint. The
 * WebAuthn helper loads only now, as for the passkey sign-in.
 */
export async function passkeyAnswer(optionsJSON: unknown): Promise<unknown> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: optionsJSON as never });
}

/** The person closed the browser's passkey prompt, or it timed out: nothing to report, they may try again. */
export const isPasskeyDismissed = (err: unknown): boolean => err instanceof Error && err.name === 'NotAllowedError';
