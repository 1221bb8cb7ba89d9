// The shell: resumes or opens a session, then routes between the pages.
import { useCallback, useEffect, useMemo, useState } from "react";
import type { ParleyClient, UserResponse } from "@parley/sdk-client";
import { Ctx, type PortalContext } from "./context.ts";
import { Link, navigate, usePath } from "./router.tsx";
import { forget, hasStoredSession, newClient, openRealtime, type Session } from "./session.ts";
import { Loading } from "./ui.tsx";
import { AuthPage } from "./pages/AuthPage.tsx";
import { BotsPage } from "./pages/BotsPage.tsx";
import { BotPage } from "./pages/BotPage.tsx";
import { SpacesPage } from "./pages/SpacesPage.tsx";
import { SpacePage } from "./pages/SpacePage.tsx";
import { DevicesPage } from "./pages/DevicesPage.tsx";
import { AccountPage } from "./pages/AccountPage.tsx";
import { TryPage } from "./pages/TryPage.tsx";
import { EmailLinkPage } from "./pages/EmailLinkPage.tsx";

export function App() {
  const path = usePath();
  const [session, setSession] = useState<Session | null>(null);
  const [resuming, setResuming] = useState(hasStoredSession);
  const [botTokens, setBotTokens] = useState(() => new Map<string, string>());

  const start = useCallback((client: ParleyClient, user: UserResponse) => {
    setSession({ client, user, realtime: openRealtime(client) });
  }, []);

  useEffect(() => {
    if (!resuming) return;
    const client = newClient(true);
    client
      .me()
      .then((user) => start(client, user))
      .catch(() => forget())
      .finally(() => setResuming(false));
  }, [resuming, start]);

  const ctx = useMemo<PortalContext | null>(
    () =>
      session && {
        ...session,
        botTokens,
        setBotToken(botId, token) {
          setBotTokens((prev) => {
            const next = new Map(prev);
            if (token) next.set(botId, token);
            else next.delete(botId);
            return next;
          });
        },
        async signOut() {
          try {
            await session.client.logout();
          } finally {
            void session.realtime.close();
            forget();
            setBotTokens(new Map());
            setSession(null);
            navigate("/");
          }
        },
      },
    [session, botTokens],
  );

  if (path === "/verify-email" || path === "/reset-password")
    return <EmailLinkPage kind={path.slice(1) as "verify-email" | "reset-password"} />;
  if (resuming) return <Loading what="your session" />;
  if (!ctx) return <AuthPage onSignedIn={start} />;
  return (
    <Ctx.Provider value={ctx}>
      <Shell />
    </Ctx.Provider>
  );
}

function Shell() {
  const path = usePath();
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <Header path={path} />
      <main id="main" tabIndex={-1}>
        <Route path={path} />
      </main>
    </>
  );
}

const NAV = [
  ["/bots", "Bots"],
  ["/spaces", "Spaces"],
  ["/try", "Try a command"],
  ["/devices", "Devices"],
  ["/account", "Account"],
] as const;

function Header({ path }: { path: string }) {
  return (
    <Ctx.Consumer>
      {(ctx) => (
        <header className="top">
          <Link to="/bots" className="brand">
            Parley developer portal
          </Link>
          <nav aria-label="Main">
            {NAV.map(([to, label]) => (
              <Link key={to} to={to} aria-current={path.startsWith(to) ? "page" : undefined}>
                {label}
              </Link>
            ))}
          </nav>
          <span className="who">
            <span className="muted">@{ctx!.user.username}</span>
            <button type="button" className="secondary" onClick={() => void ctx!.signOut()}>
              Log out
            </button>
          </span>
        </header>
      )}
    </Ctx.Consumer>
  );
}

function Route({ path }: { path: string }) {
  const parts = path.split("/").filter(Boolean);
  switch (parts[0]) {
    case "bots":
      return parts[1] ? <BotPage botId={parts[1]} /> : <BotsPage />;
    case "spaces":
      return parts[1] ? <SpacePage spaceId={parts[1]} /> : <SpacesPage />;
    case "try":
      return <TryPage />;
    case "devices":
      return <DevicesPage />;
    case "account":
      return <AccountPage />;
    default:
      return <BotsPage />;
  }
}
