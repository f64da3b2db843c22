import { useQuery } from '@tanstack/react-query';
import { endpoints, type SiteImage } from '@taxportal/contract';
import { call } from '../../lib/api/index.ts';

/** The published website settings' query: the public site's pages (site-api.ts) and the header share it. */
export const siteSettingsQuery = {
  queryKey: ['site', 'settings'] as const,
  queryFn: () => call(endpoints.getSite),
  staleTime: 60_000,
};

/**
 * The firm's name and logo, as its website settings publish them, for the portal's header: the firm's clients see
 * the firm, on its public site and in the portal alike. Null until the settings answer (or if they cannot).
 */
export function useFirmBrand(): { name: string; logo: SiteImage | null } | null {
  const { data } = useQuery(siteSettingsQuery);
  return data ? { name: data.settings.firm_name, logo: data.settings.logo } : null;
}
