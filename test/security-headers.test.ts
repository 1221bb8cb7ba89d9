// Security headers over HTTP: nosniff and no-referrer on every answer, whatever its status; the HTML pages (the
// portal, /api/docs) with a Content-Security-Policy that allows no inline script and no eval. That both pages
// still work under it in a browser: portal/test/csp.test.ts.
import { describe, expect, it } from "vitest";
import { useTestServer } from "./helpers/server.ts";

const server = useTestServer({ env: { LOG_LEVEL: "warn" } });

/** A policy's directives by name, each with its sources. */
function directives(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }
  return out;
}

function expectEveryAnswerHeaders(res: Response, what: string) {
  expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(res.headers.get("referrer-policy"), what).toBe("no-referrer");
}

describe("headers on every answer", () => {
  it.for([
    { method: "GET", path: "/healthz", status: 200 },
    { method: "GET", path: "/api/users/me", status: 401 },
    { method: "GET", path: "/api/no-such-thing", status: 404 },
    { method: "POST", path: "/api/auth/login", body: "{not json", status: 422 },
    { method: "GET", path: "/api/openapi.json", status: 200 },
    { method: "GET", path: "/metrics", status: 200 },
  ])("$method $path ($status): nosniff and Referrer-Policy: no-referrer", async ({ method, path, body, status }) => {
    const res = await fetch(server().url + path, { method, body, headers: body ? { "content-type": "application/json" } : {} });
    await res.arrayBuffer();
    expect(res.status).toBe(status);
    expectEveryAnswerHeaders(res, path);
  });
});

describe("the HTML pages' Content-Security-Policy", () => {
  it.each(["/portal/", "/api/docs"])(
    "%s: default-src 'self', object-src and base-uri 'none', not framed, no inline script or eval",
    async (path) => {
      const res = await fetch(server().url + path);
      await res.arrayBuffer();
      expectEveryAnswerHeaders(res, path);
      const policy = res.headers.get("content-security-policy");
      expect(policy, path).toBeTruthy();
      const d = directives(policy!);
      expect(d.get("default-src")).toEqual(["'self'"]);
      expect(d.get("object-src")).toEqual(["'none'"]);
      expect(d.get("base-uri")).toEqual(["'none'"]);
      expect(d.get("frame-ancestors")).toEqual(["'none'"]);
      const scripts = d.get("script-src") ?? d.get("default-src")!;
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(scripts).toEqual(["'self'"]);
    },
  );

  it("/api/docs has no inline script or style: the contract rides along as inert JSON, the rest are files", async () => {
    const res = await fetch(server().url + "/api/docs");
    expect(res.status).toBe(200);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    for (const [, attrs, text] of scripts) {
      if (/\bsrc=/.test(attrs!)) expect(text).toBe("");
      else expect(attrs).toContain('type="application/json"');
    }
    expect(html).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
    for (const file of ["/api/docs/boot.js", "/api/docs/page.css"]) {
      const asset = await fetch(server().url + file);
      await asset.arrayBuffer();
      expect(asset.status, file).toBe(200);
    }
  });
});
