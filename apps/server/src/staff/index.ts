// The staff management feature's public entry point: app.ts imports it only from here (docs/decisions/0010).
export { staffRoutes } from './staff.routes.ts';
