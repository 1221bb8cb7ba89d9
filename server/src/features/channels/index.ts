// The channels feature as the composition root sees it: the service and its router under /api/spaces/{space_id}/channels.
export { ChannelsService } from "./service.ts";
export { channelRoutes } from "./routes.ts";
