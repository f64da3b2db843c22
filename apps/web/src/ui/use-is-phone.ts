import { useMediaQuery } from '@mantine/hooks';

/** SPEC §9: phones are below 768 px (Mantine's `sm`, 48em): the mobile layout (tab menu), lists as cards. */
export const useIsPhone = (): boolean =>
  useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
