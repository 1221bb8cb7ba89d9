// Presence as the composition root builds it: the service, with a crash-correcting connection ledger when Redis
// is there (several processes) and the contract's timings, scaled for tests by PRESENCE_TIME_SCALE.
import type { Knex } from "knex";
import type { Kv } from "../../platform/kv.ts";
import { RedisKv } from "../../platform/kv.ts";
import type { Redis } from "../../platform/redis.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/logger.ts";
import type { RealtimePublisher } from "../../platform/realtime/publisher.ts";
import { RedisLedger } from "./ledger.ts";
import { CONN_TTL_MS, PresenceService } from "./service.ts";
import { PRESENCE_KEYS } from "./keys.ts";
import { IDLE_AFTER_MS, OFFLINE_AFTER_DISCONNECT_MS } from "./rules.ts";

export { PresenceService } from "./service.ts";

/** A process that has not heartbeated for this long is dead, and its users' connections are taken off. */
const PROCESS_HEARTBEAT_MS = 10_000;
const PROCESS_DEAD_AFTER_MS = 30_000;

export interface PresenceDeps {
  kv: Kv;
  redis: Redis | undefined;
  clock: Clock;
  db: Knex;
  realtime: RealtimePublisher;
  log: Logger;
  largeSpaceThreshold: number;
  /** PRESENCE_TIME_SCALE: 1 in production. */
  timeScale: number;
}

export async function createPresence(d: PresenceDeps): Promise<PresenceService> {
  const scale = d.timeScale;
  const keys = { kvKey: PRESENCE_KEYS.conns, ttlMs: CONN_TTL_MS };
  const ledger =
    d.redis && d.kv instanceof RedisKv
      ? new RedisLedger(d.redis, d.kv.prefix, keys, d.clock, {
          heartbeatMs: PROCESS_HEARTBEAT_MS * scale,
          deadAfterMs: PROCESS_DEAD_AFTER_MS * scale,
          onError: (err) => d.log.warn({ err: (err as Error).message }, "presence heartbeat failed"),
        })
      : undefined;
  const presence = new PresenceService({
    kv: d.kv,
    clock: d.clock,
    db: d.db,
    realtime: d.realtime,
    ledger,
    timings: { idleAfterMs: IDLE_AFTER_MS * scale, offlineAfterMs: OFFLINE_AFTER_DISCONNECT_MS * scale },
    largeThreshold: d.largeSpaceThreshold,
  });
  await presence.start();
  return presence;
}
