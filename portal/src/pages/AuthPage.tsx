// Sign up, log in, and the 2FA step when the account asks for it.
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import type { ParleyClient, UserResponse } from "@parley/sdk-client";
import { newClient } from "../session.ts";
import { ErrorBox, Field, useAction } from "../ui.tsx";

type Mode = "login" | "signup";
const TABS: [Mode, string][] = [
  ["login", "Log in"],
  ["signup", "Sign up"],
];

/** The Log in / Sign up switch as tabs (WAI-ARIA tabs pattern): arrow keys move between them. */
function ModeTabs({ mode, onChange, panelId }: { mode: Mode; onChange: (m: Mode) => void; panelId: string }) {
  const refs = useRef(new Map<Mode, HTMLButtonElement>());
  const keys = (e: KeyboardEvent) => {
    const i = TABS.findIndex(([m]) => m === mode);
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!step && e.key !== "Home" && e.key !== "End") return;
    e.preventDefault();
    const next = e.key === "Home" ? 0 : e.key === "End" ? TABS.length - 1 : (i + step + TABS.length) % TABS.length;
    const m = TABS[next]![0];
    onChange(m);
    refs.current.get(m)?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label="Account" onKeyDown={keys}>
      {TABS.map(([m, label]) => (
        <button
          key={m}
          ref={(el) => void (el ? refs.current.set(m, el) : refs.current.delete(m))}
          type="button"
          role="tab"
          id={`${panelId}-${m}`}
          aria-selected={mode === m}
          aria-controls={panelId}
          tabIndex={mode === m ? 0 : -1}
          onClick={() => onChange(m)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

export function AuthPage({ onSignedIn }: { onSignedIn: (client: ParleyClient, user: UserResponse) => void }) {
  const [mode, setMode] = useState<Mode>("login");
  const [twoFactor, setTwoFactor] = useState<{ client: ParleyClient; token: string } | null>(null);
  const panelId = useId();
  return (
    <main id="main" className="auth">
      <h1>Parley developer portal</h1>
      <p className="muted">Create bots, install them in your spaces, and watch their webhooks.</p>
      {twoFactor ? (
        <TwoFactorForm {...twoFactor} onSignedIn={onSignedIn} onCancel={() => setTwoFactor(null)} />
      ) : (
        <>
          <ModeTabs mode={mode} onChange={setMode} panelId={panelId} />
          <div role="tabpanel" id={panelId} aria-labelledby={`${panelId}-${mode}`}>
            {mode === "login" ? (
              <LoginForm onSignedIn={onSignedIn} onTwoFactor={(client, token) => setTwoFactor({ client, token })} />
            ) : (
              <SignupForm onSignedIn={onSignedIn} />
            )}
          </div>
        </>
      )}
    </main>
  );
}

function LoginForm({
  onSignedIn,
  onTwoFactor,
}: {
  onSignedIn: (c: ParleyClient, u: UserResponse) => void;
  onTwoFactor: (c: ParleyClient, token: string) => void;
}) {
  const [login, setLogin] = useState("");
  const [password, setPassword] = useState("");
  const act = useAction(async () => {
    const client = newClient(false);
    const res = await client.login({ login, password, device_name: "Developer portal" });
    if ("two_factor_token" in res) onTwoFactor(client, res.two_factor_token);
    else onSignedIn(client, res.user);
  });
  const submit = (e: FormEvent) => (e.preventDefault(), void act.run());
  return (
    <form onSubmit={submit} className="card" aria-label="Log in">
      <Field label="Username or e-mail">
        {(id) => <input id={id} autoComplete="username" required value={login} onChange={(e) => setLogin(e.target.value)} />}
      </Field>
      <Field label="Password">
        {(id) => (
          <input
            id={id}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <ErrorBox error={act.error} />
      <button type="submit" disabled={act.busy}>
        {act.busy ? "Logging in…" : "Log in"}
      </button>
    </form>
  );
}

function TwoFactorForm({
  client,
  token,
  onSignedIn,
  onCancel,
}: {
  client: ParleyClient;
  token: string;
  onSignedIn: (c: ParleyClient, u: UserResponse) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState("");
  const act = useAction(async () => {
    const res = await client.loginTwoFactor({ two_factor_token: token, code: code.trim() });
    onSignedIn(client, res.user);
  });
  return (
    <form onSubmit={(e) => (e.preventDefault(), void act.run())} className="card" aria-label="Two-factor step">
      <h2>Two-factor authentication</h2>
      <Field label="Code from your authenticator app, or a recovery code" hint="The step expires after 5 minutes.">
        {(id, hint) => (
          <input
            id={id}
            aria-describedby={hint}
            inputMode="text"
            autoComplete="one-time-code"
            required
            autoFocus
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
      </Field>
      <ErrorBox error={act.error} />
      <div className="row">
        <button type="submit" disabled={act.busy}>
          Verify
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Back
        </button>
      </div>
    </form>
  );
}

function SignupForm({ onSignedIn }: { onSignedIn: (c: ParleyClient, u: UserResponse) => void }) {
  const [f, setF] = useState({ username: "", email: "", password: "", display_name: "" });
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const act = useAction(async () => {
    const client = newClient(false);
    const res = await client.register({
      username: f.username,
      email: f.email,
      password: f.password,
      ...(f.display_name ? { display_name: f.display_name } : {}),
    });
    onSignedIn(client, res.user);
  });
  return (
    <form onSubmit={(e) => (e.preventDefault(), void act.run())} className="card" aria-label="Sign up">
      <Field label="Username" hint="3 to 32 letters, digits, _ or .">
        {(id, hint) => (
          <input
            id={id}
            aria-describedby={hint}
            autoComplete="username"
            required
            minLength={3}
            maxLength={32}
            pattern="[A-Za-z0-9_.]+"
            value={f.username}
            onChange={set("username")}
          />
        )}
      </Field>
      <Field label="E-mail">
        {(id) => <input id={id} type="email" autoComplete="email" required value={f.email} onChange={set("email")} />}
      </Field>
      <Field label="Password" hint="At least 8 characters.">
        {(id, hint) => (
          <input
            id={id}
            aria-describedby={hint}
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={128}
            value={f.password}
            onChange={set("password")}
          />
        )}
      </Field>
      <Field label="Display name (optional)">
        {(id) => <input id={id} maxLength={64} value={f.display_name} onChange={set("display_name")} />}
      </Field>
      <ErrorBox error={act.error} />
      <button type="submit" disabled={act.busy}>
        {act.busy ? "Creating…" : "Create account"}
      </button>
    </form>
  );
}
