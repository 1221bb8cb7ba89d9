// createClient: the typed user API client with built-in token refresh.
import createFetchClient, { type Client } from "openapi-fetch";
import type { paths } from "./generated.ts";
import { throwingMethods, type ApiMethods } from "./methods.ts";
import { Session, type SessionOptions } from "./session.ts";
import type * as T from "./types.ts";

/** The largest page of the members list (the server's default too). */
const MEMBER_PAGE = 1000;

/** Options of {@link createClient}: `baseUrl`, and a `token`, a `tokenProvider` or tokens from `login`/`register`. */
export type ClientOptions = SessionOptions;

/** Option values as an invocation accepts them (the generated map type is too narrow to carry them). */
export type OptionValue = string | number | boolean;
/** A command invocation: the command's name and its option values. */
export type InvokeCommand = Omit<T.InvokeRequest, "options"> & { options?: Record<string, OptionValue> };

/** What `login` answers: the tokens, or the 2FA step to finish with `loginTwoFactor`. */
export type LoginResult = T.TokenResponse | T.TwoFactorRequired;

/** The user API client {@link createClient} returns: typed `GET`/`POST`/… over every endpoint, and shortcuts. */
export interface ParleyClient extends ApiMethods {
  /** openapi-fetch's own client (answers `{data, error, response}` and never throws ApiError). */
  readonly raw: Client<paths>;
  /** Creates an account and signs this client in with it. */
  register(body: T.RegisterRequest): Promise<T.TokenResponse>;
  /** Signs in; with 2FA on, answers `{requires_2fa: true, two_factor_token}` and `loginTwoFactor` completes it. */
  login(body: T.LoginRequest): Promise<LoginResult>;
  /** Finishes a login that asked for 2FA. */
  loginTwoFactor(body: T.TwoFactorLoginRequest): Promise<T.TokenResponse>;
  /** Renews the tokens now (normally done by itself on a 401). */
  refresh(): Promise<string | null>;
  /** Revokes this session and forgets its tokens. */
  logout(): Promise<void>;
  /** The signed-in user. */
  me(): Promise<T.UserResponse>;
  spaces: {
    /** The spaces the user is a member of. */
    mine(): Promise<T.SpaceResponse[]>;
    /** Creates a space; the user becomes its owner. */
    create(body: T.CreateSpaceRequest): Promise<T.SpaceResponse>;
    /** One space. */
    get(spaceId: string): Promise<T.SpaceResponse>;
    /** Joins a public space. */
    join(spaceId: string): Promise<T.SpaceResponse>;
    /** Joins a space by an invite code. */
    joinByInvite(inviteCode: string): Promise<T.SpaceResponse>;
    /** The channels of a space. */
    channels(spaceId: string): Promise<T.ChannelResponse[]>;
    /** Every member, newest first: the server's pages (up to 1,000 each) followed until a short one. */
    members(spaceId: string): Promise<T.SpaceMemberResponse[]>;
  };
  commands: {
    /** The slash commands the user can invoke in a channel. */
    catalog(spaceId: string, channelId: string): Promise<T.CommandCatalog>;
    /** Invokes a bot's slash command; the reply arrives as an `interaction:response` realtime frame. */
    invoke(spaceId: string, channelId: string, body: InvokeCommand): Promise<T.InvokeResponse>;
  };
  messages: {
    /** A channel's messages, newest first. */
    list(spaceId: string, channelId: string, query?: { limit?: number; before?: string }): Promise<T.ChatMessage[]>;
    /** Posts a message (MLS ciphertext, see {@link E2EClient}). */
    post(spaceId: string, channelId: string, body: T.CreateMessageRequest): Promise<T.ChatMessage>;
    /** Deletes a message. */
    remove(spaceId: string, channelId: string, messageId: string): Promise<void>;
  };
  /** The tokens held now (after login, register or refresh). */
  tokens(): { accessToken: string | null; refreshToken: string | null };
  /** An access token valid for a while yet, refreshed first if need be: pass it to `connectRealtime`. */
  freshAccessToken(minValiditySeconds?: number): Promise<string | null>;
}

/** The user API client: each call resolves with the answer's body or throws {@link ApiError}; a 401 refreshes the tokens once and retries. */
export function createClient(options: ClientOptions): ParleyClient {
  const session = new Session(options);
  const raw = createFetchClient<paths>({ baseUrl: options.baseUrl.replace(/\/+$/, ""), fetch: session.fetch });
  const api = throwingMethods(raw);
  const sp = (space_id: string) => ({ params: { path: { space_id } } });
  const ch = (space_id: string, channel_id: string) => ({ space_id, channel_id });

  const signedIn = async (tokens: T.TokenResponse): Promise<T.TokenResponse> => {
    await session.adopt(tokens);
    return tokens;
  };

  return {
    raw,
    ...api,
    register: async (body) => signedIn(await api.POST("/api/auth/register", { body })),
    async login(body) {
      const res = await api.POST("/api/auth/login", { body });
      return res.requires_2fa ? res : signedIn(res);
    },
    loginTwoFactor: async (body) => signedIn(await api.POST("/api/auth/login/2fa", { body })),
    refresh: () => session.renew(session.tokens().accessToken),
    async logout() {
      const refresh_token = session.tokens().refreshToken ?? undefined;
      await api.POST("/api/auth/logout", { params: { query: { refresh_token } } });
      session.forget();
    },
    me: () => api.GET("/api/auth/me"),
    spaces: {
      mine: () => api.GET("/api/spaces/my"),
      create: (body) => api.POST("/api/spaces", { body }),
      get: (spaceId) => api.GET("/api/spaces/{space_id}", sp(spaceId)),
      join: (spaceId) => api.POST("/api/spaces/{space_id}/join", sp(spaceId)),
      joinByInvite: (invite_code) => api.POST("/api/spaces/join/{invite_code}", { params: { path: { invite_code } } }),
      channels: (spaceId) => api.GET("/api/spaces/{space_id}/channels", sp(spaceId)),
      members: async (spaceId) => {
        const all: T.SpaceMemberResponse[] = [];
        for (let before: string | undefined; ;) {
          const page = await api.GET("/api/spaces/{space_id}/members", {
            params: { path: { space_id: spaceId }, query: { limit: MEMBER_PAGE, ...(before && { before }) } },
          });
          all.push(...page);
          if (page.length < MEMBER_PAGE) return all;
          before = page[page.length - 1]!.member_id;
        }
      },
    },
    commands: {
      catalog: (s, c) => api.GET("/api/chat/{space_id}/{channel_id}/commands", { params: { path: ch(s, c) } }),
      invoke: (s, c, body) => api.POST("/api/chat/{space_id}/{channel_id}/commands/invoke", { params: { path: ch(s, c) }, body: body }),
    },
    messages: {
      list: (s, c, query) => api.GET("/api/chat/{space_id}/{channel_id}/messages", { params: { path: ch(s, c), query } }),
      post: (s, c, body) => api.POST("/api/chat/{space_id}/{channel_id}/messages", { params: { path: ch(s, c) }, body }),
      remove: async (s, c, message_id) => {
        await api.DELETE("/api/chat/{space_id}/{channel_id}/messages/{message_id}", { params: { path: { ...ch(s, c), message_id } } });
      },
    },
    tokens: () => session.tokens(),
    freshAccessToken: (min) => session.freshAccessToken(min),
  };
}
