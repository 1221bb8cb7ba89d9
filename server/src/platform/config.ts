// Configuration, read once from the environment (CONTRACT 1) and typed. Nothing else reads process.env.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

export type Role = "all" | "api" | "worker";

export interface Config {
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  botTokenSecret: string;
  livekit: { url: string; apiKey: string; apiSecret: string };
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmails: string[];
  webhookAllowPrivate: boolean;
  /** 32 bytes that encrypt secrets the server must read back (AES-256-GCM). */
  dataKey: Buffer;
  logLevel: string;
  rateLimitMultiplier: number;
  webhookRetryScale: number;
  /** Validate responses against the contract too (tests). */
  validateResponses: boolean;
  role: Role;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return n;
}

function num(env: Env, name: string, fallback: number, check: (n: number) => boolean, rule: string): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || !check(n)) throw new ConfigError(`${name} must be ${rule}, got "${raw}"`);
  return n;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol)) throw new ConfigError(`${name} must start with ${protocols.join(" or ")}`);
  return raw;
}

/** Embedded mode keeps one generated key in DATA_DIR so encrypted rows stay readable across restarts. */
function loadDataKey(env: Env, production: boolean, dataDir: string, embedded: boolean): Buffer {
  const raw = env.DATA_KEY;
  if (raw) {
    const key = Buffer.from(raw, "base64");
    if (key.length !== 32) throw new ConfigError("DATA_KEY must be 32 bytes, base64-encoded");
    return key;
  }
  if (production) throw new ConfigError("DATA_KEY is required when NODE_ENV=production");
  if (!embedded) return randomBytes(32);
  const file = join(dataDir, "data.key");
  if (existsSync(file)) return Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString("base64") + "\n", { mode: 0o600 });
  return key;
}

function secret(env: Env, name: string, production: boolean): string {
  const raw = env[name];
  if (raw) {
    if (raw.length < 32) throw new ConfigError(`${name} must be at least 32 characters`);
    return raw;
  }
  if (production) throw new ConfigError(`${name} is required when NODE_ENV=production`);
  return randomBytes(32).toString("base64url");
}

export function loadConfig(env: Env = process.env, argv: string[] = process.argv.slice(2)): Config {
  const production = env.NODE_ENV === "production";
  const port = int(env, "PORT", 8080, 0, 65535);
  const dataDir = resolve(env.DATA_DIR || "./data");
  const databaseUrl = url(env, "DATABASE_URL", ["postgres:", "postgresql:"]);
  const rateLimitMultiplier = num(env, "RATE_LIMIT_MULTIPLIER", 1, (n) => n >= 1, "a number ≥ 1");
  const webhookRetryScale = num(env, "WEBHOOK_RETRY_SCALE", 1, (n) => n > 0 && n <= 1, "a number in (0, 1]");
  if (production && rateLimitMultiplier !== 1) throw new ConfigError("RATE_LIMIT_MULTIPLIER is refused with NODE_ENV=production");
  if (production && webhookRetryScale !== 1) throw new ConfigError("WEBHOOK_RETRY_SCALE is refused with NODE_ENV=production");
  const roleAt = argv.indexOf("--role");
  const role = (roleAt >= 0 ? argv[roleAt + 1] : "all") as Role;
  if (!["all", "api", "worker"].includes(role)) throw new ConfigError(`--role must be all, api or worker, got "${role}"`);
  const host = env.HOST || "127.0.0.1";
  return {
    production,
    port,
    host,
    publicUrl: (url(env, "PUBLIC_URL", ["http:", "https:"]) ?? `http://localhost:${port}`).replace(/\/$/, ""),
    databaseUrl,
    redisUrl: url(env, "REDIS_URL", ["redis:", "rediss:"]),
    dataDir,
    jwtSecret: secret(env, "JWT_SECRET", production),
    botTokenSecret: secret(env, "BOT_TOKEN_SECRET", production),
    livekit: {
      url: env.LIVEKIT_URL || "ws://localhost:7880",
      apiKey: env.LIVEKIT_API_KEY || "devkey",
      apiSecret: env.LIVEKIT_API_SECRET || "secret",
    },
    smtpUrl: url(env, "SMTP_URL", ["smtp:", "smtps:"]),
    mailFrom: env.MAIL_FROM || "no-reply@localhost",
    adminEmails: (env.ADMIN_EMAILS ?? "").split(",").map((e) => e.trim().toLowerCase()).filter(Boolean),
    webhookAllowPrivate: bool(env, "WEBHOOK_ALLOW_PRIVATE", false),
    dataKey: loadDataKey(env, production, dataDir, !databaseUrl),
    logLevel: env.LOG_LEVEL || "info",
    rateLimitMultiplier,
    webhookRetryScale,
    validateResponses: bool(env, "VALIDATE_RESPONSES", false),
    role,
  };
}
