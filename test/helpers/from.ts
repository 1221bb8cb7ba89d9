// HTTP requests from a chosen loopback address (127.x.y.z all reach a server on 127.0.0.1 on Linux), so a test
// can be many clients at once: the server sees each as its own client address (without TRUST_PROXY).
import { request } from "node:http";

export interface Answer {
  status: number;
  body: any;
  retryAfter: string | undefined;
  /** Milliseconds from sending to the end of the answer. */
  ms: number;
}

export function callFrom(
  base: string,
  from: string,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string } = {},
): Promise<Answer> {
  const data = opts.body === undefined ? "" : JSON.stringify(opts.body);
  const headers: Record<string, string | number> = { "content-length": Buffer.byteLength(data) };
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, localAddress: from, headers, agent: false }, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () =>
        resolve({
          status: res.statusCode!,
          body: text ? JSON.parse(text) : undefined,
          retryAfter: res.headers["retry-after"] as string | undefined,
          ms: performance.now() - started,
        }),
      );
    });
    req.on("error", reject);
    req.end(data);
  });
}

/** `callFrom` bound to one server and one address. */
export const from = (base: string, address: string) => ({
  post: (path: string, body?: unknown, token?: string) => callFrom(base, address, "POST", path, { body, token }),
  get: (path: string, token?: string) => callFrom(base, address, "GET", path, { token }),
});

/** How many answers have each status, e.g. `{ 401: 4, 503: 146 }`. */
export function statusCounts(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}
