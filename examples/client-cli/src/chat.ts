// End-to-end encrypted chat (docs/e2e.md) for the CLI: `join-space` and `chat send|read|listen`. Each run opens
// this device's MLS client on a FileStore next to the token file, so group state and private KeyPackages
// survive between runs; the server only ever sees ciphertext.
import { E2EClient, type ChatMessage, type ParleyClient, type RealtimeClient } from "@parley/sdk-client";
import { connectRealtime, FileStore } from "@parley/sdk-client/node";
import type { Args } from "./args.ts";
import { UsageError, type Context } from "./commands.ts";

type Command = (ctx: Context, args: Args) => Promise<void>;

export interface ChatContext extends Context {
  /** The token file (PARLEY_STATE); the E2E store lives beside it. */
  statePath: string;
}

/** This device's E2E client and a realtime connection feeding it commits and welcomes; `close` ends both. */
async function openDevice({
  client,
  baseUrl,
  statePath,
}: ChatContext): Promise<{ e2e: E2EClient; rt: RealtimeClient; close: () => Promise<void> }> {
  const [me, devices] = await Promise.all([client.me(), client.GET("/api/auth/devices")]);
  const device = devices.find((d) => d.current);
  if (!device) throw new Error("the current session has no device: log in again");
  // One store per device session: a new login is a new MLS member with its own keys.
  const store = new FileStore(`${statePath}.e2e/${device.device_id}`);
  const rt = connectRealtime({ baseUrl, tokenProvider: () => client.freshAccessToken() });
  try {
    await rt.ready();
    // Publishes (or tops up) this device's KeyPackages, so that others can add it to their groups.
    const e2e = await E2EClient.open({ client, store, userId: me.id, deviceId: device.device_id });
    const detach = e2e.attach(rt);
    return {
      e2e,
      rt,
      close: async () => {
        detach();
        await rt.close();
      },
    };
  } catch (err) {
    await rt.close();
    throw err;
  }
}

async function textChannels(client: ParleyClient, spaceId: string): Promise<string[]> {
  return (await client.spaces.channels(spaceId)).filter((c) => c.type === "text").map((c) => c.id);
}

const line = (m: ChatMessage, text: string | null) =>
  text === null
    ? {
        id: m.id,
        author_id: m.author_id,
        error: m.kind === "user" ? "cannot decrypt (sent before this device joined, or not for it)" : "no content",
      }
    : { id: m.id, author_id: m.author_id, text };

function positional(args: Args, n: number, usage: string): string[] {
  if (args.positional.length < n) throw new UsageError(usage);
  return args.positional;
}

const CHAT_USAGE =
  "chat send <space_id> <channel_id> <text> | chat read <space_id> <channel_id> [--limit n] | chat listen <space_id> <channel_id>";

const chat: Record<string, Command> = {
  async send(ctx, args) {
    const [, spaceId, channelId, ...words] = positional(args, 4, CHAT_USAGE);
    const device = await openDevice(ctx as ChatContext);
    try {
      const msg = await device.e2e.send(spaceId!, channelId!, words.join(" "));
      ctx.out({ message_id: msg.id, epoch: await device.e2e.epoch(channelId!) });
    } finally {
      await device.close();
    }
  },
  async read(ctx, args) {
    const [, spaceId, channelId] = positional(args, 3, CHAT_USAGE);
    const limitFlag = args.flags.get("limit");
    const limit = typeof limitFlag === "string" ? Number(limitFlag) : 50;
    if (!Number.isInteger(limit) || limit < 1) throw new UsageError("--limit takes a positive whole number");
    const device = await openDevice(ctx as ChatContext);
    try {
      // Joining first makes later messages readable; earlier ones stay unreadable (forward secrecy).
      await device.e2e.ensureGroup(spaceId!, channelId!);
      const seen = await device.e2e.read(spaceId!, channelId!, { limit });
      // Oldest first, like a chat window.
      for (const { message, text } of [...seen].reverse()) ctx.out(line(message, text));
    } finally {
      await device.close();
    }
  },
  async listen(ctx, args) {
    const [, spaceId, channelId] = positional(args, 3, CHAT_USAGE);
    const device = await openDevice(ctx as ChatContext);
    await device.e2e.ensureGroup(spaceId!, channelId!);
    // Decrypt in arrival order: MLS ratchets forward per sender.
    let queue = Promise.resolve();
    device.rt.on("message:created", (m) => {
      if (m.channel_id !== channelId) return;
      const { type: _type, ...message } = m;
      queue = queue.then(async () => ctx.out(line(message, await device.e2e.decrypt(message)))).catch(() => {});
    });
    ctx.out({ listening: channelId });
    await new Promise<void>((resolve) => {
      process.once("SIGINT", resolve);
      process.once("SIGTERM", resolve);
    });
    await queue;
    await device.close();
  },
};

export const chatCommands: Record<string, { usage: string; run: Command }> = {
  "join-space": {
    usage: "join-space <invite_code>",
    async run(ctx, args) {
      const [code] = positional(args, 1, this.usage);
      // KeyPackages first: members who are online add this device as soon as they see it join.
      const device = await openDevice(ctx as ChatContext);
      try {
        const space = await ctx.client.spaces.joinByInvite(code!);
        const channels = await textChannels(ctx.client, space.id);
        // Become a member of each text channel's MLS group now, so messages sent from here on are readable.
        for (const channelId of channels) await device.e2e.ensureGroup(space.id, channelId);
        ctx.out({ space_id: space.id, name: space.name, channel_ids: channels });
      } finally {
        await device.close();
      }
    },
  },
  chat: {
    usage: CHAT_USAGE,
    async run(ctx, args) {
      const sub = chat[args.positional[0] ?? ""];
      if (!sub) throw new UsageError(this.usage);
      await sub(ctx, args);
    },
  },
};
