// What other features use of installs: the per-request resolution for the bot API and the raw lookup.
export { InstallResolver, type BotInSpace } from "./resolver.ts";
export { Audience, type AudienceHook, type Listeners } from "./audience.ts";
export { requireAccess, SCOPES, type Install, type InstallState, type Need, type Scope } from "./rules.ts";
export { findInstall } from "./store.ts";
export { InstallsService } from "./service.ts";
export { installRoutes } from "./routes.ts";
