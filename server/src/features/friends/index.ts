// The friends feature as the composition root sees it.
export { FriendsService } from "./service.ts";
export { friendsRoutes } from "./routes.ts";
