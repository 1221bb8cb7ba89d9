// What other features use of commands: the registry's name and option rules, and the wiring of its routes.
export { normalizeName, type CommandOption } from "./rules.ts";
export { CommandsService } from "./service.ts";
export { commandRoutes } from "./routes.ts";
