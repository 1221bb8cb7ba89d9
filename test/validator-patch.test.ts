// patches/express-openapi-validator+<version>.patch (patch-package, applied on install): the validator compiles each
// route's path-to-regexp once, not every route on every request, and tests only the routes filed under the request's
// first two path segments. This fails when the installed version is not the one the patch was made for, when the
// patch is not applied (the compile count per request is then > 0), or when the narrowed lookup finds another
// operation than the full walk would.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContract } from "../server/src/contract.ts";
import { validator } from "../server/src/platform/http/validation.ts";

const require = createRequire(import.meta.url);
const validatorDir = dirname(
  require.resolve("express-openapi-validator/package.json", { paths: [join(import.meta.dirname, "../server")] }),
);
const ptr = require(require.resolve("path-to-regexp", { paths: [validatorDir] })) as { pathToRegexp: (...a: unknown[]) => unknown };

let server: Server;
let base: string;
let compiles = 0;
const original = ptr.pathToRegexp;

beforeAll(async () => {
  // Counting only: every call still compiles.
  ptr.pathToRegexp = (...a: unknown[]) => (compiles++, original(...a));
  const app = express();
  app.use(express.json());
  app.use(validator(loadContract(), false));
  app.use(
    (req, res) =>
      void res.json({ route: (req as express.Request & { openapi?: { openApiRoute?: string } }).openapi?.openApiRoute ?? null }),
  );
  app.use(
    (err: { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) =>
      void res.status(err.status ?? 400).json({}),
  );
  server = createServer(app);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  ptr.pathToRegexp = original;
  await new Promise((r) => server?.close(r));
});

describe("express-openapi-validator patch", () => {
  it("is made for the installed version", () => {
    const { version } = JSON.parse(readFileSync(join(validatorDir, "package.json"), "utf8")) as { version: string };
    expect(existsSync(join(import.meta.dirname, `../patches/express-openapi-validator+${version}.patch`)), `no patch for ${version}`).toBe(
      true,
    );
  });

  it("compiles no route again once each has been seen", async () => {
    const paths = [
      "/api/auth/me",
      "/api/bot/spaces/0190a000-0000-7000-8000-000000000000/channels/0190a000-0000-7000-8000-000000000001/messages",
      "/api/spaces/discover",
    ];
    for (const p of paths) await fetch(base + p);
    const warm = compiles;
    expect(warm).toBeGreaterThan(0); // the counter sees the validator's compiles
    for (let i = 0; i < 5; i++) for (const p of paths) await fetch(base + p);
    expect(compiles - warm).toBe(0);
  });
});

/** Every documented (path, method), with a concrete URL: each parameter a UUID, which no literal segment equals. */
function documentedOperations(): { route: string; method: string; url: string }[] {
  const paths = (loadContract() as { paths: Record<string, Record<string, unknown>> }).paths;
  const methods = ["get", "post", "put", "patch", "delete"];
  return Object.entries(paths).flatMap(([route, ops]) =>
    methods
      .filter((m) => m in ops)
      .map((method) => ({ route, method, url: route.replace(/\{[^}]+\}/g, "0190a000-0000-7000-8000-00000000000a") })),
  );
}

describe("the validator's route lookup", () => {
  const ops = documentedOperations();
  const routeOf = async (method: string, url: string) => {
    const r = await fetch(base + url, {
      method: method.toUpperCase(),
      headers: { "content-type": "application/json" },
      body: method === "get" ? undefined : "{}",
    });
    return { status: r.status, route: ((await r.json()) as { route?: string | null }).route };
  };

  it("finds each documented operation for its own path, in any letter case and with a trailing slash", async () => {
    expect(ops.length).toBeGreaterThan(50);
    for (const op of ops) {
      // Validation may refuse the empty body (400 here); the operation found is what this checks.
      const exact = await routeOf(op.method, op.url);
      if (exact.status === 200) expect(exact.route, `${op.method} ${op.url}`).toBe(op.route);
      else expect(exact.status, `${op.method} ${op.url}`).not.toBe(404);
      const shouted = await routeOf(
        op.method,
        op.url.toUpperCase().replace(/0190A000-0000-7000-8000-00000000000A/g, "0190a000-0000-7000-8000-00000000000a"),
      );
      expect(shouted.status, `${op.method} ${op.url} in capitals`).toBe(exact.status);
      expect((await routeOf(op.method, `${op.url}/`)).status, `${op.method} ${op.url}/`).toBe(exact.status);
    }
  });

  it("prefers a literal segment to a parameter where both match, as the full walk does", async () => {
    const discover = ops.find((o) => o.route === "/api/spaces/discover");
    expect(discover).toBeDefined();
    expect((await routeOf("get", "/api/spaces/discover")).route).toBe("/api/spaces/discover");
  });

  it("answers 404 for a path under /api that no route has, and 405 for an undeclared method", async () => {
    expect((await routeOf("get", "/api/nope/x")).status).toBe(404);
    expect((await routeOf("get", "/api")).status).toBe(404);
    expect((await routeOf("put", "/api/auth/me")).status).toBe(405);
  });
});
