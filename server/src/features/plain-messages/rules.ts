// Which scope a bot needs to delete a message: decided by the message's author.
import type { Scope } from "../installs/index.ts";

export const deleteScope = (authorId: string | null, botId: string): Scope =>
  authorId === botId ? "messages.delete.own" : "moderation.messages";
