// Which process holds which of a bot's gateway connections, for every process: a Redis hash per bot (one key, so
// the count and the add are one script) or, with no Redis, a map in the one process. Entries carry an expiry the
// holding process pushes forward while it lives: a process killed without closing its connections leaves entries
// that stop counting after ENTRY_TTL_MS.
import type { Redis } from "../../platform/redis.ts";

/** How long an entry counts without being refreshed by its process. */
const ENTRY_TTL_MS = 30_000;
/** How often a process refreshes its entries. */
export const REFRESH_MS = 10_000;

export interface Entry {
  botId: string;
  sessionId: string;
}

export interface GatewayDirectory {
  /** Registers a connection held by `processId` unless the bot has `max` live ones already (false then). */
  add(e: Entry, processId: string, max: number): Promise<boolean>;
  remove(e: Entry): Promise<void>;
  /** The processes holding the bot's live connections, one per connection (a process appears as often as it holds). */
  holders(botId: string): Promise<string[]>;
  /** Pushes the expiry of these entries (all held by `processId`) forward. */
  refresh(entries: Entry[], processId: string): Promise<void>;
}

const keyOf = (botId: string) => `gw:{${botId}}`;
const valueOf = (processId: string) => `${processId}|${Date.now() + ENTRY_TTL_MS}`;

/** Drops the expired entries of the bot, then adds the new one if fewer than the maximum remain. */
const ADD = `local now = tonumber(ARGV[1])
local all = redis.call('HGETALL', KEYS[1])
local live = 0
for i = 1, #all, 2 do
  local exp = tonumber(string.match(all[i + 1], '|(%d+)$'))
  if exp == nil or exp < now then redis.call('HDEL', KEYS[1], all[i]) else live = live + 1 end
end
if live >= tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

export class RedisDirectory implements GatewayDirectory {
  constructor(private redis: Redis) {}

  async add(e: Entry, processId: string, max: number): Promise<boolean> {
    const added = await this.redis.eval(ADD, 1, keyOf(e.botId), Date.now(), max, e.sessionId, valueOf(processId), ENTRY_TTL_MS);
    return added === 1;
  }

  async remove(e: Entry): Promise<void> {
    await this.redis.hdel(keyOf(e.botId), e.sessionId);
  }

  async holders(botId: string): Promise<string[]> {
    const all = await this.redis.hgetall(keyOf(botId));
    const now = Date.now();
    const out: string[] = [];
    for (const v of Object.values(all)) {
      const bar = v.lastIndexOf("|");
      if (Number(v.slice(bar + 1)) >= now) out.push(v.slice(0, bar));
    }
    return out;
  }

  async refresh(entries: Entry[], processId: string): Promise<void> {
    if (!entries.length) return;
    const value = valueOf(processId);
    const byBot = new Map<string, string[]>();
    for (const e of entries) byBot.set(e.botId, [...(byBot.get(e.botId) ?? []), e.sessionId]);
    // One transaction per bot (one key, so one slot of a Redis Cluster), all sent together.
    await Promise.all(
      [...byBot].map(([botId, sessions]) => {
        const m = this.redis.multi();
        for (const s of sessions) m.hset(keyOf(botId), s, value);
        return m.pexpire(keyOf(botId), ENTRY_TTL_MS).exec();
      }),
    );
  }
}

/** One process only: every connection is this process's own, so nothing expires. */
export class MemoryDirectory implements GatewayDirectory {
  private bots = new Map<string, Map<string, string>>();

  async add(e: Entry, processId: string, max: number): Promise<boolean> {
    let m = this.bots.get(e.botId);
    if (!m) this.bots.set(e.botId, (m = new Map<string, string>()));
    if (m.size >= max) return false;
    m.set(e.sessionId, processId);
    return true;
  }

  async remove(e: Entry): Promise<void> {
    const m = this.bots.get(e.botId);
    m?.delete(e.sessionId);
    if (m && !m.size) this.bots.delete(e.botId);
  }

  async holders(botId: string): Promise<string[]> {
    return [...(this.bots.get(botId)?.values() ?? [])];
  }

  async refresh(): Promise<void> {}
}
