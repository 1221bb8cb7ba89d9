// The MessageResponse of spec/chat/messages.tsp, shared by user, bot and service messages (and their realtime frames).
import type { components } from "../../../../generated/api.d.ts";
import type { MessageRow, ReactionCount } from "./store.ts";

export type MessageResponse = components["schemas"]["Chat.MessageResponse"];

export function toMessageResponse(row: MessageRow, reactions: ReactionCount[] = []): MessageResponse {
  const user = row.kind === "user";
  return {
    id: row.id,
    space_id: row.space_id,
    channel_id: row.channel_id,
    author_id: row.author_id,
    author_is_bot: Boolean(row.author_is_bot),
    kind: row.kind,
    ciphertext: user ? row.ciphertext : null,
    content: user ? null : row.content,
    reply_to: row.reply_to,
    reactions,
    created_at: new Date(row.created_at).toISOString(),
  };
}
