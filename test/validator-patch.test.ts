// patches/express-openapi-validator+<version>.patch (patch-package, applied on install): the validator compiles each
// route's path-to-regexp once, not every route on every request. This fails when the installed version is not the
// one the patch was made for, or when the patch is not applied (the compile count per request is then > 0).
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
const validatorDir = dirname(require.resolve("express-openapi-validator/package.json", { paths: [join(import.meta.dirname, "../server")] }));
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
  app.use((_req, res) => void res.json({}));
  app.use((_err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => void res.status(400).json({}));
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
    expect(existsSync(join(import.meta.dirname, `../patches/express-openapi-validator+${version}.patch`)), `no patch for ${version}`).toBe(true);
  });

  it("compiles no route again once each has been seen", async () => {
    const paths = ["/api/auth/me", "/api/bot/spaces/0190a000-0000-7000-8000-000000000000/channels/0190a000-0000-7000-8000-000000000001/messages", "/api/spaces/discover"];
    for (const p of paths) await fetch(base + p);
    const warm = compiles;
    expect(warm).toBeGreaterThan(0); // the counter sees the validator's compiles
    for (let i = 0; i < 5; i++) for (const p of paths) await fetch(base + p);
    expect(compiles - warm).toBe(0);
  });
});
