// The auth feature's public entry point: other features, app.ts and the demo sample import it only from here
// (docs/decisions/0010).
export { authRoutes } from './auth.routes.ts';
export { createOidc, enabledProviders } from './oidc.service.ts';
