// createClient: the typed user API client (spec 4, CONTRACT 2-8) with built-in token refresh.
import createFetchClient, { type Client } from "openapi-fetch";
import type { paths } from "./generated.ts";
import { throwingMethods, type ApiMethods } from "./methods.ts";
import { Session, type SessionOptions } from "./session.ts";
import type * as T from "./types.ts";

export type ClientOptions = SessionOptions;

/** Option values as spec 2.4 accepts them (the generated map type is too narrow to carry them). */
export type OptionValue = string | number | boolean;
export type InvokeCommand = Omit<T.InvokeRequest, "options"> & { options?: Record<string, OptionValue> };

export type LoginResult = T.TokenResponse | T.TwoFactorRequired;

export interface ParleyClient extends ApiMethods {
  /** openapi-fetch's own client (answers `{data, error, response}` and never throws ApiError). */
  readonly raw: Client<paths>;
  /** Creates an account and signs this client in with it. */
  register(body: T.RegisterRequest): Promise<T.TokenResponse>;
  /** Signs in; with 2FA on, answers `{requires_2fa: true, two_factor_token}` and `loginTwoFactor` completes it. */
  login(body: T.LoginRequest): Promise<LoginResult>;
  loginTwoFactor(body: T.TwoFactorLoginRequest): Promise<T.TokenResponse>;
  /** Renews the tokens now (normally done by itself on a 401). */
  refresh(): Promise<string | null>;
  /** Revokes this session and forgets its tokens. */
  logout(): Promise<void>;
  me(): Promise<T.UserResponse>;
  spaces: {
    mine(): Promise<T.SpaceResponse[]>;
    create(body: T.CreateSpaceRequest): Promise<T.SpaceResponse>;
    get(spaceId: string): Promise<T.SpaceResponse>;
    join(spaceId: string): Promise<T.SpaceResponse>;
    joinByInvite(inviteCode: string): Promise<T.SpaceResponse>;
    channels(spaceId: string): Promise<T.ChannelResponse[]>;
  };
  commands: {
    catalog(spaceId: string, channelId: string): Promise<T.CommandCatalog>;
    /** Invokes a bot's slash command; the reply arrives as an `interaction:response` realtime frame. */
    invoke(spaceId: string, channelId: string, body: InvokeCommand): Promise<T.InvokeResponse>;
  };
  messages: {
    list(spaceId: string, channelId: string, query?: { limit?: number; before?: string }): Promise<T.ChatMessage[]>;
    post(spaceId: string, channelId: string, body: T.CreateMessageRequest): Promise<T.ChatMessage>;
    remove(spaceId: string, channelId: string, messageId: string): Promise<void>;
  };
  /** The tokens held now (after login, register or refresh). */
  tokens(): { accessToken: string | null; refreshToken: string | null };
  /** An access token valid for a while yet, refreshed first if need be: pass it to `connectRealtime`. */
  freshAccessToken(minValiditySeconds?: number): Promise<string | null>;
}

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
