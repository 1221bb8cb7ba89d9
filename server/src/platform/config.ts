// Configuration, read once from the environment (docs/configuration.md) and typed. Nothing else reads process.env.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import ipaddr from "ipaddr.js";

type Role = "all" | "api" | "worker";

export interface Config {
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  /** A streaming replica for reads that may lag (discover, search, previews, audit and delivery logs). */
  databaseReplicaUrl: string | undefined;
  /** `transaction`: DATABASE_URL goes through a pooler in transaction mode (PgBouncer), so no named statements. */
  databasePooler: "transaction" | undefined;
  redisUrl: string | undefined;
  /** REDIS_CLUSTER_NODES: seed nodes of a Redis Cluster, used instead of REDIS_URL (docs/running-at-scale.md). */
  redisClusterNodes: RedisNode[] | undefined;
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
  /** Sign-ups per client address and hour, both register endpoints together; 0 closes sign-ups. */
  signupLimitPerHour: number;
  webhookRetryScale: number;
  /** The ping interval the bot gateway asks bots for; a connection silent for two intervals is closed. */
  gatewayHeartbeatMs: number;
  /** Spaces with more members than this push presence only to those who asked for it (and to friends). */
  largeSpaceThreshold: number;
  /** Multiplies the presence timings: idle, offline grace, process heartbeat (tests only, values ≤ 1). */
  presenceTimeScale: number;
  /** Multiplies the memory of a password hash (tests only). */
  passwordHashScale: number;
  /**
   * Express `trust proxy`: which X-Forwarded-For hops to believe for the client address (req.ip) that
   * per-address limits and logs use. Undefined: the socket's address.
   */
  trustProxy: TrustProxy | undefined;
  /** On SIGTERM/SIGINT, /readyz answers 503 this long before the listener closes (load balancers). */
  shutdownDelayMs: number;
  /** How long finished rows are kept before the retention job deletes them, and how often it runs. */
  retention: RetentionConfig;
  /** Validate responses against the contract too (tests). */
  validateResponses: boolean;
  role: Role;
}

export class ConfigError extends Error {}

/** RETENTION_* (docs/configuration.md): days each kind of finished row is kept; the job's period in seconds. */
export interface RetentionConfig {
  deliveriesDays: number;
  emailTokensDays: number;
  refreshTokensDays: number;
  e2eCommitsDays: number;
  intervalSeconds: number;
}

export interface RedisNode {
  host: string;
  port: number;
}

/** `host:port,host:port,…` (IPv6 as `[::1]:7000`); every entry must name both. */
function clusterNodes(env: Env): RedisNode[] | undefined {
  const raw = env.REDIS_CLUSTER_NODES?.trim();
  if (!raw) return undefined;
  if (env.REDIS_URL)
    throw new ConfigError(
      "REDIS_URL and REDIS_CLUSTER_NODES are both set: REDIS_URL names one Redis server, REDIS_CLUSTER_NODES the seed nodes of a Redis Cluster; set only one",
    );
  return raw.split(",").map((entry) => {
    const m = /^\[?([^\]\s]+?)\]?:(\d{1,5})$/.exec(entry.trim());
    const port = Number(m?.[2]);
    if (!m || port < 1 || port > 65535)
      throw new ConfigError(`REDIS_CLUSTER_NODES must be a comma-separated list of host:port, got "${entry.trim()}"`);
    return { host: m[1]!, port };
  });
}

/** A hop count, or addresses/subnets (and Express's names `loopback`, `linklocal`, `uniquelocal`), or all/none. */
export type TrustProxy = number | boolean | string[];

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function trustProxy(raw: string | undefined): TrustProxy | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const v = raw.trim();
  if (/^\d+$/.test(v)) return Number(v);
  if (/^(true|false)$/i.test(v)) return v.toLowerCase() === "true";
  const list = v
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (!PROXY_NAMES.has(entry) && !isAddressOrSubnet(entry))
      throw new ConfigError(
        `TRUST_PROXY must be a hop count, or a comma-separated list of addresses, CIDR subnets, loopback, linklocal or uniquelocal; "${entry}" is none of these`,
      );
  }
  return list;
}

// Plain dotted quads and IPv6 only: ipaddr.js alone would also take "40" or "1.5" (old inet_aton forms).
const isAddress = (a: string) => ipaddr.IPv4.isValidFourPartDecimal(a) || ipaddr.IPv6.isValid(a);

function isAddressOrSubnet(entry: string): boolean {
  const [addr, mask, ...rest] = entry.split("/");
  if (!isAddress(addr!) || rest.length > 0) return false;
  if (mask === undefined) return true;
  if (isAddress(mask)) return true; // address/netmask, which Express accepts too
  if (!/^\d{1,3}$/.test(mask)) return false;
  return Number(mask) <= (addr!.includes(":") ? 128 : 32);
}

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

/**
 * Where the secrets come from when their variable is unset. Embedded mode (one process, no DATABASE_URL)
 * generates each once and keeps it in DATA_DIR, so sessions and encrypted rows survive a restart. With
 * DATABASE_URL every process of the service must sign and seal with the same keys, so they are required,
 * except under NODE_ENV=test where a throw-away one per start is fine.
 */
type SecretSource = { embedded: true; dataDir: string } | { embedded: false; test: boolean };

const SECRET_FILES = { JWT_SECRET: "jwt.secret", BOT_TOKEN_SECRET: "bot-token.secret", DATA_KEY: "data.key" } as const;
type SecretName = keyof typeof SECRET_FILES;

/** Reads DATA_DIR/<file>, or creates it (mode 0600) with a new value; a racing start that created it first wins. */
function keptInDataDir(dataDir: string, file: string, make: () => string): string {
  const path = join(dataDir, file);
  if (!existsSync(path)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(path, make() + "\n", { mode: 0o600, flag: "wx" });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw new ConfigError(`cannot write ${path}: ${(err as Error).message}`);
    }
  }
  return readFileSync(path, "utf8").trim();
}

function loadSecrets(env: Env, source: SecretSource): Record<SecretName, string> {
  const names = Object.keys(SECRET_FILES) as SecretName[];
  const missing = names.filter((n) => !env[n]);
  if (!source.embedded && !source.test && missing.length) {
    const one = missing.length === 1;
    throw new ConfigError(
      `${missing.join(", ")} ${one ? "is" : "are"} required when DATABASE_URL is set (every process of the service must share ${one ? "it" : "them"}): ` +
        `make ${one ? "one" : "each"} with \`openssl rand -base64 32\``,
    );
  }
  const make = () => randomBytes(32).toString("base64");
  return Object.fromEntries(
    names.map((n) => [n, env[n] || (source.embedded ? keptInDataDir(source.dataDir, SECRET_FILES[n], make) : make())]),
  ) as Record<SecretName, string>;
}

function signingSecret(name: SecretName, value: string): string {
  if (value.length < 32) throw new ConfigError(`${name} must be at least 32 characters`);
  return value;
}

function dataKey(value: string, where: string): Buffer {
  const key = Buffer.from(value, "base64");
  if (key.length !== 32) throw new ConfigError(`${where} must be 32 bytes, base64-encoded (make one with \`openssl rand -base64 32\`)`);
  return key;
}

/**
 * DATABASE_POOLER: unset, or `transaction` for a pooler in transaction mode in front of DATABASE_URL. The job
 * queue's PostgreSQL backend waits on LISTEN, a session's state that such a pooler cannot keep, so that mode
 * needs REDIS_URL (the queue then lives in Redis).
 */
function pooler(env: Env, databaseUrl: string | undefined): "transaction" | undefined {
  const value = env.DATABASE_POOLER || undefined;
  if (value === undefined) return undefined;
  if (value !== "transaction") throw new ConfigError(`DATABASE_POOLER must be "transaction" or unset, got "${value}"`);
  if (!databaseUrl) throw new ConfigError("DATABASE_POOLER=transaction needs DATABASE_URL (the address of the pooler)");
  if (!env.REDIS_URL && !env.REDIS_CLUSTER_NODES)
    throw new ConfigError(
      "DATABASE_POOLER=transaction needs REDIS_URL or REDIS_CLUSTER_NODES: the job queue on PostgreSQL listens for notifications, which a transaction pooler cannot carry",
    );
  return value;
}

/** The knobs that make tests faster (more requests, shorter waits); each refused in production. */
function testScales(env: Env, production: boolean) {
  const rateLimitMultiplier = num(env, "RATE_LIMIT_MULTIPLIER", 1, (n) => n >= 1, "a number ≥ 1");
  const webhookRetryScale = num(env, "WEBHOOK_RETRY_SCALE", 1, (n) => n > 0 && n <= 1, "a number in (0, 1]");
  if (production && rateLimitMultiplier !== 1) throw new ConfigError("RATE_LIMIT_MULTIPLIER is refused with NODE_ENV=production");
  if (production && webhookRetryScale !== 1) throw new ConfigError("WEBHOOK_RETRY_SCALE is refused with NODE_ENV=production");
  const presenceTimeScale = num(env, "PRESENCE_TIME_SCALE", 1, (n) => n > 0 && n <= 1, "a number in (0, 1]");
  if (production && presenceTimeScale !== 1) throw new ConfigError("PRESENCE_TIME_SCALE is refused with NODE_ENV=production");
  const passwordHashScale = num(env, "PASSWORD_HASH_SCALE", 1, (n) => n > 0 && n <= 1, "a number in (0, 1]");
  if (production && passwordHashScale !== 1) throw new ConfigError("PASSWORD_HASH_SCALE is refused with NODE_ENV=production");
  return { rateLimitMultiplier, webhookRetryScale, presenceTimeScale, passwordHashScale };
}

/**
 * `--role all|api|worker` is the only argument: anything else stops the start, so that a role lost on the way
 * (`npm start api`, or npm taking `--role` for its own option) never runs the process as another role unnoticed.
 */
function roleOf(argv: string[]): Role {
  let values: { role?: string };
  try {
    ({ values } = parseArgs({ args: argv, options: { role: { type: "string" } }, strict: true, allowPositionals: false }));
  } catch (err) {
    throw new ConfigError(`${(err as Error).message.split(". ")[0]}; the only argument is --role all|api|worker`);
  }
  const role = (values.role ?? "all") as Role;
  if (!["all", "api", "worker"].includes(role)) throw new ConfigError(`--role must be all, api or worker, got "${role}"`);
  return role;
}

function refuseDevelopmentSettings(env: Env, webhookAllowPrivate: boolean): void {
  // The development defaults are public knowledge: anyone could mint voice tokens for this service.
  for (const name of ["LIVEKIT_API_KEY", "LIVEKIT_API_SECRET"]) {
    if (!env[name] || env[name] === "devkey" || env[name] === "secret")
      throw new ConfigError(`${name} is required when NODE_ENV=production (not the development default)`);
  }
  if (webhookAllowPrivate) throw new ConfigError("WEBHOOK_ALLOW_PRIVATE=true is refused with NODE_ENV=production");
}

const retentionOf = (env: Env): Config["retention"] => ({
  deliveriesDays: int(env, "RETENTION_DELIVERIES_DAYS", 30, 1, 3650),
  emailTokensDays: int(env, "RETENTION_EMAIL_TOKENS_DAYS", 30, 1, 3650),
  refreshTokensDays: int(env, "RETENTION_REFRESH_TOKENS_DAYS", 30, 1, 3650),
  e2eCommitsDays: int(env, "RETENTION_E2E_COMMITS_DAYS", 30, 1, 3650),
  intervalSeconds: int(env, "RETENTION_INTERVAL_SECONDS", 3600, 1, 604_800),
});

export function loadConfig(env: Env = process.env, argv: string[] = process.argv.slice(2)): Config {
  const production = env.NODE_ENV === "production";
  const port = int(env, "PORT", 8080, 0, 65535);
  const dataDir = resolve(env.DATA_DIR || "./data");
  const databaseUrl = url(env, "DATABASE_URL", ["postgres:", "postgresql:"]);
  const { rateLimitMultiplier, webhookRetryScale, presenceTimeScale, passwordHashScale } = testScales(env, production);
  const databasePooler = pooler(env, databaseUrl);
  const databaseReplicaUrl = url(env, "DATABASE_REPLICA_URL", ["postgres:", "postgresql:"]);
  if (databaseReplicaUrl && !databaseUrl) throw new ConfigError("DATABASE_REPLICA_URL needs DATABASE_URL (the primary it replicates)");
  const role = roleOf(argv);
  const host = env.HOST || "127.0.0.1";
  const secrets = loadSecrets(env, databaseUrl ? { embedded: false, test: env.NODE_ENV === "test" } : { embedded: true, dataDir });
  const livekit = {
    url: env.LIVEKIT_URL || "ws://localhost:7880",
    apiKey: env.LIVEKIT_API_KEY || "devkey",
    apiSecret: env.LIVEKIT_API_SECRET || "secret",
  };
  const webhookAllowPrivate = bool(env, "WEBHOOK_ALLOW_PRIVATE", false);
  if (production) refuseDevelopmentSettings(env, webhookAllowPrivate);
  return {
    production,
    port,
    host,
    publicUrl: (url(env, "PUBLIC_URL", ["http:", "https:"]) ?? `http://localhost:${port}`).replace(/\/$/, ""),
    databaseUrl,
    databasePooler,
    databaseReplicaUrl,
    redisUrl: url(env, "REDIS_URL", ["redis:", "rediss:"]),
    redisClusterNodes: clusterNodes(env),
    dataDir,
    jwtSecret: signingSecret("JWT_SECRET", secrets.JWT_SECRET),
    botTokenSecret: signingSecret("BOT_TOKEN_SECRET", secrets.BOT_TOKEN_SECRET),
    livekit,
    smtpUrl: url(env, "SMTP_URL", ["smtp:", "smtps:"]),
    mailFrom: env.MAIL_FROM || "no-reply@localhost",
    adminEmails: (env.ADMIN_EMAILS ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    webhookAllowPrivate,
    dataKey: dataKey(secrets.DATA_KEY, env.DATA_KEY ? "DATA_KEY" : join(dataDir, SECRET_FILES.DATA_KEY)),
    shutdownDelayMs: int(env, "SHUTDOWN_DELAY_MS", 0, 0, 600_000),
    retention: retentionOf(env),
    logLevel: env.LOG_LEVEL || "info",
    rateLimitMultiplier,
    signupLimitPerHour: int(env, "SIGNUP_LIMIT_PER_HOUR", 10, 0, 1_000_000_000),
    webhookRetryScale,
    gatewayHeartbeatMs: int(env, "GATEWAY_HEARTBEAT_MS", 30_000, 100, 600_000),
    largeSpaceThreshold: int(env, "LARGE_SPACE_THRESHOLD", 250, 1, 1_000_000),
    presenceTimeScale,
    passwordHashScale,
    trustProxy: trustProxy(env.TRUST_PROXY),
    validateResponses: bool(env, "VALIDATE_RESPONSES", false),
    role,
  };
}
