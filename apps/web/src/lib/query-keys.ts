/**
 * Query keys that more than one module touches: the features that fetch and the live-update
 * client (realtime/) that invalidates. Prefixes matter: invalidating ['tickets'] refreshes
 * every ticket list, detail and timeline at once.
 */
export const queryKeys = {
  tickets: ['tickets'] as const,
  ticketLists: ['tickets', 'list'] as const,
  ticketList: (params: Record<string, unknown>) => ['tickets', 'list', params] as const,
  ticketDetails: ['tickets', 'detail'] as const,
  ticket: (idOrName: string) => ['tickets', 'detail', idOrName] as const,
  ticketHistory: (idOrName: string) => ['tickets', 'history', idOrName] as const,
  ticketAssignments: (idOrName: string) => ['tickets', 'assignments', idOrName] as const,
  ticketMessagesAll: ['tickets', 'messages'] as const,
  /** Keyed by the ticket's id (live events carry it). */
  ticketMessages: (ticketId: string) => ['tickets', 'messages', ticketId] as const,
  notifications: ['notifications'] as const,
  notificationList: ['notifications', 'list'] as const,
  notificationUnread: ['notifications', 'unread'] as const,
  dashboard: ['dashboard'] as const,
  /** Prefixes of other features' keys that live events refresh (each feature builds its keys under them). */
  documents: ['documents'] as const,
  documentRequests: ['document-requests'] as const,
  billing: ['billing'] as const,
  contacts: ['contacts'] as const,
  catalog: ['catalog'] as const,
  staffUsers: (role: string | null) => ['staff-users', role] as const,
};
