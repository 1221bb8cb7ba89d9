// The auth feature as other features and the composition root see it: who is calling (middleware), the services
// the composition root wires, and the types other features take (password hashing, finishing a login).
export { UserAuthenticator, currentUser, userAuth } from "./middleware.ts";
export { AuthService } from "./service.ts";
export { Passwords } from "./passwords.ts";
export { AccessTokens } from "./tokens.ts";
export { SessionGuard } from "./sessions.ts";
export { TwoFactorService } from "./two-factor.ts";
export { DevicesService } from "./devices.ts";
export { EmailFlows } from "./email-flows.ts";
export { BruteForceGuard } from "./brute-force.ts";
export { authRoutes } from "./routes.ts";
