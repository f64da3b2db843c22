import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { use, useEffect } from 'react';
import { matchRoutes, UNSAFE_DataRouterContext, type Location, type RouteObject } from 'react-router';
import { startTicketPage } from './ticket-page-data.ts';

/**
 * A page whose data is asked for the moment it is navigated to, beside its code, rather than once its code has
 * loaded and drawn (a route's `handle.data`); the page's own queries then find the requests under way. Pages
 * behind the sign-in only: this runs in the signed-in shell (signed-in-shell.tsx), whose chunk carries the
 * starters, so the public first load does not, and a navigation starts them with no download first.
 */
export type PageData = { data?: 'ticket' };

const starters: Record<
  NonNullable<PageData['data']>,
  (client: QueryClient, params: Record<string, string | undefined>) => void
> = {
  ticket: (client, params) => startTicketPage(client, params.ticket_id ?? params.id ?? ''),
};

function start(client: QueryClient, routes: RouteObject[], location: Location) {
  for (const match of matchRoutes(routes, location) ?? []) {
    const data = (match.route.handle as PageData | undefined)?.data;
    if (data) starters[data](client, match.params);
  }
}

/** Starts each page's data as the router moves to it, and the page's shown as the signed-in shell mounts. */
export function useRouteData(): void {
  const client = useQueryClient();
  // The app's router (router.tsx), from its context: the signed-in shell's chunk does not import the routes.
  const router = use(UNSAFE_DataRouterContext)?.router;
  useEffect(() => {
    if (!router) return;
    let shown = router.state.location;
    start(client, router.routes, shown);
    // Told of a navigation as the router makes it, before the next page draws (or its code has loaded).
    return router.subscribe((state) => {
      if (state.location === shown) return;
      shown = state.location;
      start(client, router.routes, shown);
    });
  }, [client, router]);
}
