import { useMediaQuery } from '@mantine/hooks';
import { createContext, useContext } from 'react';

/**
 * The server's guess for a page it rendered (entry-server.tsx, from the request's user agent), while the browser
 * hydrates that page: the first render must draw what the server drew; the real width is read right after. Null
 * otherwise (main.tsx sets it to null once hydrated: pages drawn after that read the width at once).
 */
export const PhoneGuessContext = createContext<{ guess: boolean | null }>({ guess: null });

const PHONE = '(max-width: 47.99em)';

/** SPEC §9: phones are below 768 px (Mantine's `sm`, 48em): the mobile layout (tab menu), lists as cards. */
export const useIsPhone = (): boolean => {
  const { guess } = useContext(PhoneGuessContext);
  return useMediaQuery(PHONE, guess ?? false, { getInitialValueInEffect: guess !== null });
};
