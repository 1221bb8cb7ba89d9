// The account page: two-factor authentication on and off (toggle-2fa). Turning it on is three steps:
// the password gives a secret (drawn as a QR code of its otpauth URI), a code from the app confirms it, and the
// ten recovery codes are shown this once. Turning it off takes the password and a current code.
import { useEffect, useId, useState } from "react";
import QRCode from "qrcode";
import { usePortal } from "../context.ts";
import { Async, ErrorBox, Field, useAction, useLoad } from "../ui.tsx";

type Setup = { secret: string; otpauthUri: string; password: string };

export function AccountPage() {
  const { client } = usePortal();
  const me = useLoad(() => client.me(), [client]);
  // Kept here, not in the set-up form: the badge turns "on" while the codes are still shown.
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <>
      <h1>Account</h1>
      <Async state={me} what="your account">
        {(user) => (
          <section className="card" aria-labelledby="twofa-title">
            <h2 id="twofa-title" className="flush">
              Two-factor authentication{" "}
              <span className={user.two_factor_enabled ? "badge ok" : "badge"}>{user.two_factor_enabled ? "on" : "off"}</span>
            </h2>
            {codes ? (
              <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
            ) : user.two_factor_enabled ? (
              <TurnOff onDone={me.reload} />
            ) : (
              <TurnOn onEnabled={(c) => (setCodes(c), void me.reload())} />
            )}
          </section>
        )}
      </Async>
    </>
  );
}

function TurnOn({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { client } = usePortal();
  const [password, setPassword] = useState("");
  const [setup, setSetup] = useState<Setup | null>(null);
  const start = useAction(async () => {
    const res = await client.POST("/api/auth/toggle-2fa", { body: { enable: true, password } });
    setSetup({ secret: res.secret!, otpauthUri: res.otpauth_uri!, password });
    setPassword("");
  });
  if (setup) return <Confirm setup={setup} onCancel={() => setSetup(null)} onEnabled={onEnabled} />;
  return (
    <form onSubmit={(e) => (e.preventDefault(), void start.run())} aria-label="Turn on two-factor authentication" className="narrow">
      <p className="muted">After your password, each log-in from a new device asks for a code from an authenticator app.</p>
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
      <ErrorBox error={start.error} />
      <button type="submit" disabled={start.busy}>
        {start.busy ? "Starting…" : "Set up two-factor authentication"}
      </button>
    </form>
  );
}

function Confirm({ setup, onCancel, onEnabled }: { setup: Setup; onCancel: () => void; onEnabled: (codes: string[]) => void }) {
  const { client } = usePortal();
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState("");
  useEffect(() => {
    let live = true;
    // Error correction M and a quiet zone of 2 modules: read reliably by phone cameras off a screen.
    QRCode.toDataURL(setup.otpauthUri, { errorCorrectionLevel: "M", margin: 2, width: 220 })
      .then((url) => live && setQr(url))
      .catch(() => live && setQr(null));
    return () => void (live = false);
  }, [setup.otpauthUri]);
  const confirm = useAction(async () => {
    const res = await client.POST("/api/auth/toggle-2fa", { body: { enable: true, password: setup.password, code: code.trim() } });
    onEnabled(res.recovery_codes ?? []);
  });
  return (
    <form onSubmit={(e) => (e.preventDefault(), void confirm.run())} aria-label="Confirm two-factor authentication" className="narrow">
      <ol className="steps">
        <li>
          Scan this QR code with your authenticator app.
          <div className="qr">
            {qr ? <img src={qr} width={220} height={220} alt="QR code of your two-factor secret, for an authenticator app" /> : null}
          </div>
          <details>
            <summary>Cannot scan? Enter the key by hand</summary>
            <code className="mono wrap" data-testid="totp-secret">
              {setup.secret}
            </code>
          </details>
        </li>
        <li>
          <Field label="Code from the app" hint="6 digits; it changes every 30 seconds.">
            {(id, hint) => (
              <input
                id={id}
                aria-describedby={hint}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]{6,7}"
                required
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            )}
          </Field>
        </li>
      </ol>
      <ErrorBox error={confirm.error} />
      <div className="row">
        <button type="submit" disabled={confirm.busy}>
          {confirm.busy ? "Checking…" : "Turn on"}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The ten recovery codes, shown this once, with a copy button. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setCopied(true);
    } catch {
      // Clipboard refused: the list stays selectable.
      const list = document.getElementById(id);
      if (list) window.getSelection()?.selectAllChildren(list);
    }
  };
  return (
    <section className="secret" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Two-factor authentication is on. Your recovery codes</h3>
      <p className="warning">
        <strong>Copy them now: you will not see them again.</strong> Each one logs you in once if you lose your authenticator app.
      </p>
      <ul id={id} className="codes mono" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="row">
        <button type="button" onClick={() => void copy()}>
          {copied ? "Copied" : "Copy codes"}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          I saved them
        </button>
      </div>
    </section>
  );
}

function TurnOff({ onDone }: { onDone: () => Promise<void> }) {
  const { client } = usePortal();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const off = useAction(async () => {
    await client.POST("/api/auth/toggle-2fa", { body: { enable: false, password, code: code.trim() } });
    await onDone();
  });
  return (
    <form onSubmit={(e) => (e.preventDefault(), void off.run())} aria-label="Turn off two-factor authentication" className="narrow">
      <p className="muted">Log-ins from new devices ask for a code from your authenticator app.</p>
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
      <Field label="Code from the app, or a recovery code">
        {(id) => <input id={id} autoComplete="one-time-code" required value={code} onChange={(e) => setCode(e.target.value)} />}
      </Field>
      <ErrorBox error={off.error} />
      <button type="submit" className="danger" disabled={off.busy}>
        {off.busy ? "Turning off…" : "Turn off two-factor authentication"}
      </button>
    </form>
  );
}
