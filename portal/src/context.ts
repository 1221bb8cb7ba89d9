// What every signed-in page reads: the session and the in-memory bot tokens (never persisted).
import { createContext, useContext } from "react";
import type { Session } from "./session.ts";

export interface PortalContext extends Session {
  /** Bot tokens known in this tab (after create, rotate or paste); memory only. */
  botTokens: Map<string, string>;
  setBotToken: (botId: string, token: string | null) => void;
  signOut(): Promise<void>;
}

export const Ctx = createContext<PortalContext | null>(null);

export function usePortal(): PortalContext {
  const c = useContext(Ctx);
  if (!c) throw new Error("usePortal outside a session");
  return c;
}
