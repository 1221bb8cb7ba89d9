// The members feature as the composition root sees it: the service and its router under /api/spaces/{space_id}/members.
export { MembersService } from "./service.ts";
export { memberRoutes } from "./routes.ts";
