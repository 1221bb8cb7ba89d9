// The e2e feature as the composition root sees it: the MLS Delivery Service, its routes, and its reactions to
// membership changes and revoked device sessions.
export { E2EService } from "./service.ts";
export { e2eRoutes } from "./routes.ts";
export { dropRevokedKeyPackages, publishE2EMembership } from "./events.ts";
