// The bot API client: typed calls over openapi-fetch and the generated `paths`, with the retry conduct
// in the fetch beneath it (conduct-fetch.ts). Every method resolves with the answer's body or throws an ApiError.
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./api-types.ts";
import { conductFetch, retryingFetch, type FetchLike } from "./conduct-fetch.ts";
import { normalizeName, normalizeRegistry, sameRegistry, toWire, type CommandResponse } from "./command-rules.ts";
import { toDeclaration, type CommandInput } from "./command-builder.ts";
import { botGateway } from "./gateway.ts";

/** A message as the bot API answers it. */
export type MessageResponse = components["schemas"]["Chat.MessageResponse"];
/** What `voice.join` answers: a media token, the media server's address and the room. */
export type VoiceJoinResponse = components["schemas"]["Voice.VoiceJoinResponse"];
/** The body of `messages.send` when more than the text is given (e.g. `reply_to`). */
export type SendMessageRequest = components["schemas"]["Bot.SendMessageRequest"];

/** Options of {@link createBot}. */
export interface BotOptions {
  /** The server's base address, e.g. `http://127.0.0.1:8080`. */
  baseUrl: string;
  /** `bot_` + 48 hex characters. */
  token: string;
  /** A fetch to send through (the conduct layer wraps it); defaults to the global fetch. */
  fetch?: FetchLike;
}

/** Per call: an AbortSignal also ends a wait between 429 attempts. */
export type CallOptions = {
  signal?: AbortSignal;
};

/** What `commands.sync` answers. */
export interface SyncResult {
  /** Whether the registry was replaced (false: it already matched, and only a GET was made). */
  changed: boolean;
  /** The registry as the server holds it now. */
  commands: CommandResponse[];
}

/** Paging of `messages.list`. */
export interface ListMessagesQuery {
  /** Most messages answered. */
  limit?: number;
  /** Only messages older than this message id. */
  before?: string;
}

/** What the server answered without a body (204), or a body it must have sent. */
function body<T>(r: { data?: T; response: Response }): T {
  if (r.data === undefined) throw new TypeError(`empty answer from ${r.response.url} (${r.response.status})`);
  return r.data;
}

/** The bot API client: every call resolves with the answer's body or throws an {@link ApiError}; 429 answers are retried as `Retry-After` says (at most 3 attempts). */
export function createBot(opts: BotOptions) {
  const client = (fetch: FetchLike): Client<paths> =>
    createClient<paths>({ baseUrl: opts.baseUrl.replace(/\/+$/, ""), fetch, headers: { Authorization: `Bot ${opts.token}` } });
  // The methods below throw ApiError; `api`, openapi-fetch's own client, answers `{ data, error, response }`.
  const strict = client(conductFetch(opts.fetch));
  const api = client(retryingFetch(opts.fetch));

  const commands = commandsOf(strict);
  const messages = messagesOf(strict);
  const reactions = reactionsOf(strict);
  const voice = voiceOf(strict);

  /** The ephemeral reply to an invocation: only the invoker sees it. */
  const respond = async (interactionToken: string, content: string, o: CallOptions = {}): Promise<void> => {
    await strict.POST("/api/bot/interactions/respond", { body: { interaction_token: interactionToken, content }, ...o });
  };

  /** Events over a WebSocket the bot opens (socket webhooks): `bot.gateway.connect()`. */
  const gateway = botGateway({ baseUrl: opts.baseUrl, token: opts.token, respond: (t, c) => respond(t, c) });

  return {
    commands,
    messages,
    reactions,
    voice,
    respond,
    gateway,
    /**
     * openapi-fetch's typed client over the whole contract, with the same retries of 429: it answers
     * `{ data, error, response }` (a non-2xx answer in `error`) and never throws an ApiError.
     */
    api,
  };
}

/** `bot.commands`: the bot's command registry. */
function commandsOf(strict: Client<paths>) {
  const commands = {
    /** The bot's registered commands. */
    list: async (o: CallOptions = {}): Promise<CommandResponse[]> => body(await strict.GET("/api/bot/commands", o)),

    /** Replaces the whole registry after checking it locally (CommandValidationError with the server's text). */
    put: async (defs: readonly CommandInput[], o: CallOptions = {}): Promise<CommandResponse[]> => {
      const decls = defs.map(toDeclaration);
      normalizeRegistry(decls);
      return body(await strict.PUT("/api/bot/commands", { body: { commands: decls.map(toWire) }, ...o }));
    },

    /** Removes one command from the registry. */
    delete: async (name: string, o: CallOptions = {}): Promise<void> => {
      await strict.DELETE("/api/bot/commands/{name}", { params: { path: { name: normalizeName(name) } }, ...o });
    },

    /** Turns one command off or on without removing it. */
    setEnabled: async (name: string, enabled: boolean, o: CallOptions = {}): Promise<CommandResponse> =>
      body(await strict.PATCH("/api/bot/commands/{name}", { params: { path: { name: normalizeName(name) } }, body: { enabled }, ...o })),

    /** PUTs `defs` only when the registry differs from them; otherwise a single GET and nothing else. */
    sync: async (defs: readonly CommandInput[], o: CallOptions = {}): Promise<SyncResult> => {
      const decls = defs.map(toDeclaration);
      const wanted = normalizeRegistry(decls);
      const registered = await commands.list(o);
      if (sameRegistry(wanted, registered)) return { changed: false, commands: registered };
      return { changed: true, commands: body(await strict.PUT("/api/bot/commands", { body: { commands: decls.map(toWire) }, ...o })) };
    },
  };
  return commands;
}

/** `bot.messages`: the bot's messages in a channel. */
function messagesOf(strict: Client<paths>) {
  return {
    /** Posts a message as the bot: a text, or a body with `content` and `reply_to`. */
    send: async (spaceId: string, channelId: string, message: string | SendMessageRequest, o: CallOptions = {}): Promise<MessageResponse> =>
      body(
        await strict.POST("/api/bot/spaces/{space_id}/channels/{channel_id}/messages", {
          params: { path: { space_id: spaceId, channel_id: channelId } },
          body: typeof message === "string" ? { content: message } : message,
          ...o,
        }),
      ),

    /** Bot and service messages, newest first. */
    list: async (spaceId: string, channelId: string, query: ListMessagesQuery = {}, o: CallOptions = {}): Promise<MessageResponse[]> =>
      body(
        await strict.GET("/api/bot/spaces/{space_id}/channels/{channel_id}/messages", {
          params: { path: { space_id: spaceId, channel_id: channelId }, query },
          ...o,
        }),
      ),

    /** Deletes one of the bot's messages. */
    delete: async (spaceId: string, messageId: string, o: CallOptions = {}): Promise<void> => {
      await strict.DELETE("/api/bot/spaces/{space_id}/messages/{message_id}", {
        params: { path: { space_id: spaceId, message_id: messageId } },
        ...o,
      });
    },
  };
}

/** `bot.reactions`. */
function reactionsOf(strict: Client<paths>) {
  return {
    /** Adding the same emoji again is a no-op on the server. */
    add: async (spaceId: string, messageId: string, emoji: string, o: CallOptions = {}): Promise<void> => {
      await strict.POST("/api/bot/spaces/{space_id}/messages/{message_id}/reactions", {
        params: { path: { space_id: spaceId, message_id: messageId } },
        body: { emoji },
        ...o,
      });
    },
  };
}

/** `bot.voice`. */
function voiceOf(strict: Client<paths>) {
  return {
    /** Joins a voice channel: answers the token and address for the media server. */
    join: async (spaceId: string, channelId: string, o: CallOptions = {}): Promise<VoiceJoinResponse> =>
      body(
        await strict.POST("/api/bot/spaces/{space_id}/voice/{channel_id}/join", {
          params: { path: { space_id: spaceId, channel_id: channelId } },
          ...o,
        }),
      ),
  };
}

/** The client {@link createBot} returns. */
export type Bot = ReturnType<typeof createBot>;
