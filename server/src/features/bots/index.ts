// What other features use of bots: the authenticated bot of a request and its principal.
export { BotAuthenticator, botAuth, currentBot, type BotPrincipal, type BotState } from "./auth.ts";
