// The signing feature's (Form 8879) public entry point: other features and app.ts import it only from here
// (docs/decisions/0010).
export { signingRoutes } from './signing.routes.ts';
