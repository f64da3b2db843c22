import type { CDPSession, Page } from '@playwright/test';

/**
 * A passkey in the browser: Chromium's virtual authenticator (the DevTools WebAuthn domain), standing for a
 * platform authenticator (a laptop's fingerprint reader) whose user is always verified, so every
 * `navigator.credentials` call of the page is answered at once, with no prompt.
 *
 * The page must be on a host name: WebAuthn refuses an IP address as relying party. Every journey's page is, as
 * the run's base URL is `http://localhost:<port>` (playwright.config.ts says why); a context a test opens itself
 * must take the `baseURL` fixture, as the fixtures' contexts do.
 *
 * The authenticator belongs to this page (its tab) until it closes, across navigations; another page or
 * context has none, like another device.
 */
export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
  /** The passkeys the authenticator holds (a removed passkey stays on the device: the server forgets it). */
  credentials(): Promise<{ credentialId: string; rpId?: string; signCount: number; isResidentCredential: boolean }[]>;
}

export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    authenticatorId,
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}
