// What other features use of installs: the per-request resolution for the bot API and the raw lookup.
export { InstallResolver } from "./resolver.ts";
export { Audience, type AudienceHook } from "./audience.ts";
export { requireAccess, type Scope } from "./rules.ts";
export { InstallsService } from "./service.ts";
export { installRoutes } from "./routes.ts";
