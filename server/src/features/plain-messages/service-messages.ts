// Service messages: a member joining or leaving a space is written by the server, as plain text
// with no author, into the space's first text channel, and reaches bots like a bot message does.
import type { Knex } from "knex";
import type { SpaceEvents } from "../spaces/index.ts";
import type { ChannelEvents } from "./channel-events.ts";
import { firstTextChannel, usernameOf } from "./store.ts";

export function writeServiceMessages(db: Knex, spaceEvents: SpaceEvents, events: ChannelEvents): void {
  const post = async (spaceId: string, userId: string, text: (name: string) => string) => {
    const [channelId, username] = await Promise.all([firstTextChannel(db, spaceId), usernameOf(db, userId)]);
    if (!channelId || !username) return;
    await events.createMessage({ spaceId, channelId, authorId: null, kind: "service", content: text(username), replyTo: null });
  };
  spaceEvents.on("member.joined", async (e) => {
    // The creator of a new space is its first member, not a newcomer to announce.
    if (e.via === "create") return;
    await post(e.spaceId, e.userId, (name) => `${name} joined the space`);
  });
  spaceEvents.on("member.left", (e) => post(e.spaceId, e.userId, (name) => `${name} left the space`));
}
