// The profile feature's public entry point: app.ts imports it only from here (docs/decisions/0010).
export { profileRoutes } from './profile.routes.ts';
