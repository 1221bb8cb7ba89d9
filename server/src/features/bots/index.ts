// What other features use of bots: the authenticated bot of a request and its principal; the composition root wires
// the accounts service and its routes.
export { BotAuthenticator, botAuth, currentBot, type BotPrincipal } from "./auth.ts";
export { BotsService } from "./service.ts";
export { hashBotToken, newBotToken } from "./tokens.ts";
export { botAccountRoutes } from "./routes.ts";
