// The messages feature as other features see it: the message rows bot and service messages share, and their response.
export { addReaction, findMessage, findMessageInSpace, softDeleteMessage, type MessageRow, type ReactionCount } from "./store.ts";
export { toMessageResponse, type MessageResponse } from "./view.ts";
export { MessagesService } from "./service.ts";
export { messageRoutes } from "./routes.ts";
