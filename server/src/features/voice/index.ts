// The voice feature as the composition root sees it.
export { VoiceService } from "./service.ts";
export { botVoiceRoutes, memberVoiceRoutes } from "./routes.ts";
export { VoiceRooms, type VoiceModeration } from "./rooms.ts";
