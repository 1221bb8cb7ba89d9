// The CLI's commands. Each prints one JSON object on stdout (easy to read, easy to pipe into jq).
import { ApiError, ScopeValues, createClient, type InteractionResponseFrame, type ParleyClient } from "@parley/sdk-client";
import { connectRealtime } from "@parley/sdk-client/node";
import { optionValue, type Args } from "./args.ts";

export interface Context {
  client: ParleyClient;
  baseUrl: string;
  out: (value: unknown) => void;
}

type Command = (ctx: Context, args: Args) => Promise<void>;

function need(args: Args, n: number, usage: string): string[] {
  if (args.positional.length < n) throw new UsageError(usage);
  return args.positional;
}

export class UsageError extends Error {}

/** Every scope but moderation: the example bot deletes only its own messages. */
const BOT_SCOPES = ScopeValues.filter((s) => s !== "moderation.messages");

export const commands: Record<string, { usage: string; run: Command }> = {
  register: {
    usage: "register <username> <email> <password>",
    async run({ client, out }, args) {
      const [username, email, password] = need(args, 3, this.usage);
      const t = await client.register({ username: username!, email: email!, password: password! });
      out({ user_id: t.user.id, username: t.user.username });
    },
  },
  login: {
    usage: "login <username-or-email> <password> [--code <2fa code>]",
    async run({ client, out }, args) {
      const [login, password] = need(args, 2, this.usage);
      const res = await client.login({ login: login!, password: password! });
      if (res.requires_2fa) {
        const code = args.flags.get("code");
        if (typeof code !== "string") throw new UsageError("two-factor authentication is on: repeat with --code <code>");
        const t = await client.loginTwoFactor({ two_factor_token: res.two_factor_token, code });
        return out({ user_id: t.user.id, username: t.user.username });
      }
      out({ user_id: res.user.id, username: res.user.username });
    },
  },
  whoami: {
    usage: "whoami",
    async run({ client, out }) {
      const me = await client.me();
      out({ user_id: me.id, username: me.username });
    },
  },
  "create-bot": {
    usage: "create-bot <username> [--webhook <url>]",
    async run({ client, out }, args) {
      const [username] = need(args, 1, this.usage);
      const { bot, token } = await client.POST("/api/bots", { body: { username: username! } });
      const url = args.flags.get("webhook");
      let webhook_secret: string | undefined;
      if (typeof url === "string") {
        const hook = await client.POST("/api/bots/{bot_id}/webhooks", {
          params: { path: { bot_id: bot.id } },
          body: { url, events: ["command.invoked"] },
        });
        webhook_secret = hook.secret;
      }
      // Shown this once by the server: the CLI stores neither.
      out({ bot_id: bot.id, username: bot.username, token, webhook_secret });
    },
  },
  "create-space": {
    usage: "create-space <name> [--public]",
    async run({ client, out }, args) {
      const [name] = need(args, 1, this.usage);
      const space = await client.spaces.create({ name: name!, visibility: args.flags.has("public") ? "public" : "private" });
      const text = (await client.spaces.channels(space.id)).find((c) => c.type === "text");
      out({ space_id: space.id, channel_id: text?.id ?? null, invite_code: space.invite_code });
    },
  },
  "install-bot": {
    usage: "install-bot <space_id> <bot_id>",
    async run({ client, out }, args) {
      const [space_id, bot_user_id] = need(args, 2, this.usage);
      const channels = (await client.spaces.channels(space_id!)).filter((c) => c.type === "text").map((c) => c.id);
      const m = await client.POST("/api/spaces/{space_id}/bots", {
        params: { path: { space_id: space_id! } },
        body: { bot_user_id: bot_user_id!, scopes: BOT_SCOPES, allowed_channel_ids: channels },
      });
      out({ space_id: m.space_id, bot_user_id: m.bot_user_id, scopes: m.scopes, state: m.state });
    },
  },
  invoke: {
    usage: "invoke <space_id> <bot_id> <command> [name=value ...] [--channel <channel_id>] [--timeout <seconds>]",
    async run(ctx, args) {
      const [space_id, bot_id, command] = need(args, 3, this.usage);
      await invokeAndWait(ctx, args, space_id!, bot_id!, command!);
    },
  },
  roll: {
    usage: "roll <space_id> <bot_id> [--sides N] [--count N] [--private] [--channel <channel_id>]",
    async run(ctx, args) {
      const [space_id, bot_id] = need(args, 2, this.usage);
      for (const name of ["sides", "count"]) {
        const v = args.flags.get(name);
        if (typeof v === "string") args.pairs.set(name, v);
      }
      if (args.flags.has("private")) args.pairs.set("private", "true");
      await invokeAndWait(ctx, args, space_id!, bot_id!, "roll");
    },
  },
};

/** Connects to the realtime gateway first, invokes, and prints the bot's ephemeral reply to this invocation. */
async function invokeAndWait(
  { client, baseUrl, out }: Context,
  args: Args,
  spaceId: string,
  botId: string,
  command: string,
): Promise<void> {
  const channel = args.flags.get("channel");
  const channelId = typeof channel === "string" ? channel : (await client.spaces.channels(spaceId)).find((c) => c.type === "text")?.id;
  if (!channelId) throw new UsageError("the space has no text channel: pass --channel");
  const options = Object.fromEntries([...args.pairs].map(([k, v]) => [k, optionValue(v)]));
  const timeout = Number(args.flags.get("timeout") ?? 15) * 1000;

  const rt = connectRealtime({ baseUrl, tokenProvider: () => client.freshAccessToken() });
  try {
    await rt.ready();
    // Listen before invoking: the reply can arrive before the 202 does.
    const early = new Map<string, InteractionResponseFrame>();
    const waiting = new Map<string, (f: InteractionResponseFrame) => void>();
    rt.on("interaction:response", (f) => (waiting.get(f.interaction_id) ?? ((x) => early.set(x.interaction_id, x)))(f));
    const { interaction_id } = await client.commands.invoke(spaceId, channelId, { bot_user_id: botId, command, options });
    const frame =
      early.get(interaction_id) ??
      (await new Promise<InteractionResponseFrame>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no reply within ${timeout / 1000} s`)), timeout);
        waiting.set(interaction_id, (f) => (clearTimeout(timer), resolve(f)));
      }));
    out({ interaction_id, bot_user_id: frame.bot_user_id, reply: frame.content });
  } finally {
    await rt.close();
  }
}

export function describeError(err: unknown): string {
  if (err instanceof ApiError) {
    const issues = err.errors.map((e) => `\n  ${e.location}${e.path}: ${e.message}`).join("");
    return `error ${err.status}: ${err.detail}${issues}`;
  }
  return `error: ${(err as Error).message ?? String(err)}`;
}

export { createClient };
