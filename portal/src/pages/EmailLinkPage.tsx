// Where the links of the service's e-mails land: `$PUBLIC_URL/verify-email?token=…` and
// `$PUBLIC_URL/reset-password?token=…`, redirected here by the server. No session is needed for either.
import { useState, type FormEvent } from "react";
import { newClient } from "../session.ts";
import { Link } from "../router.tsx";
import { ErrorBox, Field, useAction } from "../ui.tsx";

const tokenFromUrl = (): string => new URLSearchParams(window.location.search).get("token") ?? "";

export function EmailLinkPage({ kind }: { kind: "verify-email" | "reset-password" }) {
  return (
    <main id="main" className="auth">
      <h1>{kind === "verify-email" ? "Confirm your e-mail address" : "Choose a new password"}</h1>
      {kind === "verify-email" ? <Verify token={tokenFromUrl()} /> : <Reset token={tokenFromUrl()} />}
      <p>
        <Link to="/">Go to the portal</Link>
      </p>
    </main>
  );
}

function Verify({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const act = useAction(async () => {
    await newClient(false).POST("/api/auth/verify-email", { body: { token } });
    setDone(true);
  });
  // Confirmed by a press, never on arrival: mail scanners and link previews open links too.
  const submit = (e: FormEvent) => (e.preventDefault(), void act.run());
  if (done) return <p role="status">Your e-mail address is confirmed.</p>;
  return (
    <form onSubmit={submit} className="card" aria-label="Confirm the e-mail address">
      <p>If you signed up for the account named in the e-mail, confirm that this address is yours.</p>
      <ErrorBox error={act.error} />
      <button type="submit" disabled={act.busy}>
        {act.busy ? "Confirming…" : "Confirm my e-mail address"}
      </button>
    </form>
  );
}

function Reset({ token }: { token: string }) {
  const [password, setPassword] = useState("");
  const [done, setDone] = useState(false);
  const act = useAction(async () => {
    await newClient(false).POST("/api/auth/reset-password", { body: { token, new_password: password } });
    setDone(true);
  });
  const submit = (e: FormEvent) => (e.preventDefault(), void act.run());
  if (done) return <p role="status">Your password is changed, and every session of the account has ended. Log in with the new password.</p>;
  return (
    <form onSubmit={submit} className="card" aria-label="Reset the password">
      <Field label="New password" hint="8 to 128 characters">
        {(id, describedBy) => (
          <input
            id={id}
            aria-describedby={describedBy}
            type="password"
            autoComplete="new-password"
            minLength={8}
            maxLength={128}
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <ErrorBox error={act.error} />
      <button type="submit" disabled={act.busy}>
        {act.busy ? "Saving…" : "Set the new password"}
      </button>
    </form>
  );
}
