// Tiny HTTP helpers for tests: JSON in, status + JSON out.
import { SERVER_BUSY } from "../../server/src/features/auth/hash-slots.ts";
import { request } from "node:http";
export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = any>(
  base: string,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; bot?: string; headers?: Record<string, string>; raw?: string } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined || opts.raw !== undefined) headers["content-type"] ??= "application/json";
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.bot) headers.authorization = `Bot ${opts.bot}`;
  const payload = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(base + path, { method, headers, body: payload });
    const text = await res.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    // A polite client: every test request comes from 127.0.0.1, whose share of password-hashing slots a test's
    // own burst (parallel registrations, logins) can fill; the server then asks to come back after Retry-After.
    // Tests of that refusal send from addresses of their own (from.ts).
    if (res.status === 503 && body?.detail === SERVER_BUSY && attempt < 30) {
      await new Promise((r) => setTimeout(r, Number(res.headers.get("retry-after") ?? 1) * 1000));
      continue;
    }
    return { status: res.status, body, headers: res.headers };
  }
}

export const api = (base: string) => ({
  get: <T = any>(path: string, o?: Parameters<typeof call>[3]) => call<T>(base, "GET", path, o),
  post: <T = any>(path: string, body?: unknown, o?: Parameters<typeof call>[3]) => call<T>(base, "POST", path, { ...o, body }),
  put: <T = any>(path: string, body?: unknown, o?: Parameters<typeof call>[3]) => call<T>(base, "PUT", path, { ...o, body }),
  patch: <T = any>(path: string, body?: unknown, o?: Parameters<typeof call>[3]) => call<T>(base, "PATCH", path, { ...o, body }),
  del: <T = any>(path: string, o?: Parameters<typeof call>[3]) => call<T>(base, "DELETE", path, o),
});

export interface RawReply {
  status: number;
  body: any;
  text: string;
}

/**
 * One request written exactly as given: no header added (no Content-Length unless named, so a request with no
 * body is one without any), the body as bytes, and any answer read (a 431 closes the connection).
 */
export function rawRequest(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const sent = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== ""));
    const req = request({ host: url.hostname, port: url.port, method, path, headers: sent, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let parsed: unknown = text;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          /* not JSON: keep the text */
        }
        resolve({ status: res.statusCode!, body: parsed, text });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
