/**
 * Every route of SPEC §2 whose feature is not built yet. Each renders NotAvailableYet inside
 * the layout until its feature replaces the entry with a real page.
 */
export const PUBLIC_PLACEHOLDER_PATHS = [
  'webform-child',
  'edit-webformchild',
  'gallery-detail',
  'detail/:page_route',
  'detail/:page_route/:page_route_1/:page_route_2',
  'job-detail',
  'forms',
  'forms/:doc_type/:route',
] as const;

/** Auth-guarded (SPEC §2): without a session they redirect to '/'. */
export const GUARDED_PLACEHOLDER_PATHS = [] as const;
