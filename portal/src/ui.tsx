// Shared building blocks: loading/error states for every call (the server's `detail` shown as is), labelled
// fields, and the show-once secret box.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { isApiError } from "@parley/sdk-client";

function messageOf(err: unknown): string {
  if (isApiError(err)) return err.status === 422 && err.errors.length ? `${err.detail}` : err.detail;
  if (err instanceof Error) return err.message === "Failed to fetch" ? "The server cannot be reached." : err.message;
  return String(err);
}

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => Promise<void>;
}

/** Runs `fn` now and whenever `deps` change; `reload` runs it again (quietly, keeping the shown data). */
export function useLoad<T>(fn: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const seq = useRef(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names fn's inputs in deps, as for useEffect
  const run = useCallback(fn, deps);
  const reload = useCallback(async () => {
    const mine = ++seq.current;
    try {
      const value = await run();
      if (mine === seq.current) {
        setData(() => value);
        setError(null);
      }
    } catch (err) {
      if (mine === seq.current) setError(err);
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, [run]);
  useEffect(() => {
    setLoading(true);
    setData(undefined);
    void reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- bumping the live counter is the point: it voids the pending load
    return () => void seq.current++;
  }, [reload]);
  return { data, error, loading, reload };
}

/** A button action with its own busy and error state. */
export function useAction<A extends unknown[], R>(fn: (...args: A) => Promise<R>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async (...args: A): Promise<R | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await fn(...args);
    } catch (err) {
      setError(err);
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, error, clear: () => setError(null) };
}

export function ErrorBox({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p className="error" role="alert">
      {messageOf(error)}
    </p>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p className="muted" role="status" aria-live="polite">
      Loading {what}…
    </p>
  );
}

/** Loading → error → content, for one `useLoad`. */
export function Async<T>({ state, what, children }: { state: Loaded<T>; what: string; children: (data: T) => ReactNode }) {
  if (state.loading && state.data === undefined) return <Loading what={what} />;
  if (state.data === undefined) return <ErrorBox error={state.error} />;
  return (
    <>
      <ErrorBox error={state.error} />
      {children(state.data)}
    </>
  );
}

export function Field({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: (id: string, describedBy?: string) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id, hintId)}
      {hint && (
        <small id={hintId} className="muted">
          {hint}
        </small>
      )}
    </div>
  );
}

/** A secret the server shows once: copy button, and a plain warning that it will not be shown again. */
export function ShownOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // Clipboard refused (no permission, insecure context): the field is selectable instead.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <section className="secret" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{label}</h3>
      <p className="warning">
        <strong>Copy it now: you will not see this again.</strong> Only a hash is kept; if you lose it, rotate it.
      </p>
      <div className="row">
        <label className="sr-only" htmlFor={id}>
          {label}
        </label>
        <input id={id} className="mono grow" readOnly value={value} onFocus={(e) => e.currentTarget.select()} data-testid="secret-value" />
        <button type="button" onClick={() => void copy()}>
          {copied ? "Copied" : "Copy"}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          I saved it
        </button>
      </div>
    </section>
  );
}

/** "#general" for text, "voice (voice channel)" for voice: plain text, no emoji fonts needed. */
export const channelLabel = (c: { name: string; type: string }): string =>
  c.type === "voice" ? `${c.name} (voice channel)` : `#${c.name}`;

export const when = (iso: string | null | undefined): string => (iso ? new Date(iso).toLocaleString() : "—");

export function Confirm({ label, onConfirm, busy, danger }: { label: string; onConfirm: () => void; busy?: boolean; danger?: boolean }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" className={danger ? "danger" : "secondary"} onClick={() => setAsking(true)} disabled={busy}>
        {label}
      </button>
    );
  return (
    <span className="row" role="group" aria-label={`Confirm: ${label}`}>
      <span>Sure?</span>
      <button type="button" className="danger" autoFocus onClick={() => (setAsking(false), onConfirm())} disabled={busy}>
        Yes, {label.toLowerCase()}
      </button>
      <button type="button" className="secondary" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
