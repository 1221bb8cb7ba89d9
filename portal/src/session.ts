// The signed-in session: one sdk-client per login, its tokens in sessionStorage (the only thing the portal
// persists; bot tokens and webhook secrets live in memory only), and one realtime connection for replies.
import {
  connectRealtime,
  createClient,
  type ParleyClient,
  type RealtimeClient,
  type TokenResponse,
  type UserResponse,
} from "@parley/sdk-client";

const KEY = "parley.portal.session";

interface Stored {
  access: string;
  refresh: string;
}

const baseUrl = (): string => window.location.origin;

function load(): Stored | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Stored) : null;
  } catch {
    return null;
  }
}

function save(tokens: TokenResponse): void {
  sessionStorage.setItem(KEY, JSON.stringify({ access: tokens.access_token, refresh: tokens.refresh_token } satisfies Stored));
}

export function forget(): void {
  sessionStorage.removeItem(KEY);
}

/** A client with no session yet (sign up, log in), or resuming the one kept in this tab. */
export function newClient(resume: boolean): ParleyClient {
  const stored = resume ? load() : null;
  return createClient({ baseUrl: baseUrl(), token: stored?.access, refreshToken: stored?.refresh, onTokens: save });
}

export const hasStoredSession = (): boolean => load() !== null;

export interface Session {
  client: ParleyClient;
  user: UserResponse;
  realtime: RealtimeClient;
}

export function openRealtime(client: ParleyClient): RealtimeClient {
  return connectRealtime({ baseUrl: baseUrl(), tokenProvider: () => client.freshAccessToken() });
}
