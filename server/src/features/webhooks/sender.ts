// One HTTP attempt of a delivery: exactly the headers of spec 6, a 10 s budget for the whole answer,
// redirects never followed (undici.request does not), and the SSRF guard applied to the address actually connected to.
import { Agent, request } from "undici";
import { guardedLookup } from "./address-guard.ts";

export const USER_AGENT = "ServiceBotWebhook/1.0";
export const TIMEOUT_MS = 10_000;

export interface AttemptResult {
  ok: boolean;
  status: number | null;
  error: string | null;
}

export class WebhookSender {
  private agent: Agent;
  constructor(allowPrivate: boolean) {
    this.agent = new Agent({
      connect: allowPrivate ? { timeout: TIMEOUT_MS } : { timeout: TIMEOUT_MS, lookup: guardedLookup as never },
      keepAliveTimeout: 30_000,
      connections: 64,
    });
  }

  async send(url: string, headers: Record<string, string>, body: string): Promise<AttemptResult> {
    try {
      const res = await request(url, {
        method: "POST",
        dispatcher: this.agent,
        headers: { "user-agent": USER_AGENT, "content-type": "application/json", ...headers },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      // The answer's body is ignored, but read to the end so the connection can be reused.
      await res.body.dump({ limit: 64 * 1024 }).catch(() => {});
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      return { ok, status: res.statusCode, error: ok ? null : `HTTP ${res.statusCode}` };
    } catch (err) {
      const e = err as Error & { code?: string };
      const timedOut = e.name === "TimeoutError" || e.name === "AbortError";
      return { ok: false, status: null, error: timedOut ? "timeout after 10 s" : (e.code ?? e.message ?? "connection error").slice(0, 200) };
    }
  }

  close() {
    return this.agent.close();
  }
}
