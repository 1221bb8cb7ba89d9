// One HTTP attempt of a delivery: exactly the headers of docs/webhooks.md, a 10 s budget for the whole answer,
// redirects never followed (a bare dispatch follows none), and the SSRF guard applied to the address actually
// connected to, under this process's policy (a URL saved under another one is judged again at every connect).
//
// The attempt is a bare undici dispatch with a small handler rather than undici.request: the answer's body is
// ignored, so request's body stream (and reading it to its end through it) would be pure cost, and the 10 s
// budget is one timer for all attempts in flight (deadlines.ts) rather than an AbortSignal.timeout each: together
// they take well over half of an attempt's CPU.
import { isIP } from "node:net";
import { Agent, buildConnector, type Dispatcher } from "undici";
import { guardedLookup, isPublicAddress, URL_NOT_ALLOWED } from "./address-guard.ts";
import { DeadlineQueue } from "../../platform/deadline.ts";

export const USER_AGENT = "ServiceBotWebhook/1.0";
export const TIMEOUT_MS = 10_000;
/** The answer's body is read (so the connection can be reused) up to this; past it the connection is dropped. */
const ANSWER_LIMIT = 64 * 1024;

export interface AttemptResult {
  ok: boolean;
  status: number | null;
  error: string | null;
}

const TIMED_OUT: AttemptResult = { ok: false, status: null, error: "timeout after 10 s" };

const byStatus = (status: number): AttemptResult => {
  const ok = status >= 200 && status < 300;
  return { ok, status, error: ok ? null : `HTTP ${status}` };
};

const byError = (err: Error & { code?: string }): AttemptResult => ({
  ok: false,
  status: null,
  error: (err.code ?? err.message ?? "connection error").slice(0, 200),
});

/** The delivery records the code (AttemptResult.error): which of the policy's rules refused the attempt. */
function refused(code: "EADDRNOTALLOWED" | "EHTTPNOTALLOWED", reason: string): Error {
  const e = new Error(`${URL_NOT_ALLOWED}: ${reason}`) as NodeJS.ErrnoException;
  e.code = code;
  return e;
}

/**
 * undici's connector for the public-only policy. Names are judged on their resolved addresses (guardedLookup);
 * an IP literal is judged here, since Node connects to a literal without any lookup; and plain http, which
 * only the private policy allows, is refused too. A URL saved while WEBHOOK_ALLOW_PRIVATE was true is thus
 * refused at its attempts once the process runs without it. Connections are reused, so this runs per connect.
 */
function publicOnly(): buildConnector.connector {
  const connect = buildConnector({ timeout: TIMEOUT_MS, lookup: guardedLookup });
  return (options, callback) => {
    const host = options.hostname.replace(/^\[|\]$/g, "");
    if (options.protocol !== "https:")
      callback(refused("EHTTPNOTALLOWED", "plain http to a webhook needs WEBHOOK_ALLOW_PRIVATE=true"), null);
    else if (isIP(host) && !isPublicAddress(host)) callback(refused("EADDRNOTALLOWED", `${host} is not a public address`), null);
    else connect(options, callback);
  };
}

export class WebhookSender {
  private agent: Agent;
  private deadlines: DeadlineQueue;

  /** `budgetMs`: tests only (the documented budget is TIMEOUT_MS, and the error text says so). */
  constructor(allowPrivate: boolean, budgetMs = TIMEOUT_MS) {
    this.deadlines = new DeadlineQueue(budgetMs);
    this.agent = new Agent({
      connect: allowPrivate ? { timeout: TIMEOUT_MS } : publicOnly(),
      keepAliveTimeout: 30_000,
      connections: 64,
    });
  }

  send(url: string, headers: Record<string, string>, body: string): Promise<AttemptResult> {
    return new Promise((resolve) => {
      let u: URL;
      try {
        u = new URL(url);
      } catch (err) {
        resolve(byError(err as Error));
        return;
      }
      const attempt = new Attempt(resolve);
      this.deadlines.add(attempt);
      this.agent.dispatch(
        {
          origin: u.origin,
          path: u.pathname + u.search,
          method: "POST",
          headers: { "user-agent": USER_AGENT, "content-type": "application/json", ...headers },
          body,
        },
        attempt,
      );
    });
  }

  close() {
    this.deadlines.clear();
    return this.agent.close();
  }
}

/**
 * The handler of one attempt (undici's dispatch handler, in the form its core calls directly). It settles once:
 * with the status when the whole answer has been read, with the error when the request fails, or with a
 * timeout when its deadline passes first (the request is aborted then, or as soon as it starts).
 */
class Attempt implements Dispatcher.DispatchHandler {
  settled = false;
  private status = 0;
  private received = 0;
  private abortRequest: ((err?: Error) => void) | undefined;

  constructor(private resolve: (r: AttemptResult) => void) {}

  private settle(r: AttemptResult): void {
    if (this.settled) return;
    this.settled = true;
    this.resolve(r);
  }

  /** The deadline passed (DeadlineQueue). */
  expire(): void {
    if (this.settled) return;
    this.settle(TIMED_OUT);
    this.abortRequest?.();
  }

  onConnect(abort: (err?: Error) => void): void {
    this.abortRequest = abort;
    if (this.settled) abort(); // timed out while waiting for a connection
  }

  onHeaders(statusCode: number): boolean {
    if (statusCode >= 200) this.status = statusCode; // 1xx: informational, the answer follows
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.received += chunk.length;
    if (this.received > ANSWER_LIMIT) {
      this.settle(byStatus(this.status));
      this.abortRequest?.();
    }
    return true;
  }

  onComplete(): void {
    this.settle(byStatus(this.status));
  }

  onError(err: Error): void {
    this.settle(byError(err));
  }
}
