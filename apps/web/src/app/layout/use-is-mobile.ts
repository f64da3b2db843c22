import { useMediaQuery } from '@mantine/hooks';

/** SPEC §9: the mobile layout is below 768 px (Mantine's `sm` breakpoint, 48em). */
export const MOBILE_QUERY = '(max-width: 47.99em)';

export const useIsMobile = (): boolean => useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
