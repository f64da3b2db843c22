import { createContext } from 'react';

/**
 * Told by a guard when the page would send the reader elsewhere as it renders (a session that is gone, a staff
 * member still to set up a second factor). A render on the server (entry-server.tsx) has no browser to go there:
 * it sends no page at all, and the browser's app goes there as before. Null in the browser.
 */
export const RedirectSignal = createContext<((to: string) => void) | null>(null);
