// Where presence keeps its facts. Every key of a user carries the hash tag of the user's bucket, so on a Redis
// Cluster a user's facts are one slot (read by one MGET) and the connection ledger's scripts, which touch a
// process's shares and the users' totals together, run once per bucket (one slot each). The buckets spread users
// over the cluster's masters; 256 of them are far more than any cluster has masters.

const BUCKETS = 256;

/** FNV-1a over the id: stable across processes and versions (it names keys that outlive a process). */
export function bucketOf(userId: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) h = Math.imul(h ^ userId.charCodeAt(i), 0x01000193);
  return (h >>> 0) % BUCKETS;
}

/** Every bucket, for a sweep over a dead process's shares. */
export const ALL_BUCKETS: readonly number[] = Array.from({ length: BUCKETS }, (_, i) => i);

const tag = (bucket: number) => `{p${bucket}}`;
const at = (fact: string) => (u: string) => `presence:${tag(bucketOf(u))}:${fact}:${u}`;

export const PRESENCE_KEYS = {
  chosen: at("chosen"),
  active: at("active"),
  conns: at("conns"),
  left: at("left"),
  hidden: at("hidden"),
  /** A space's members others see online, each scored with until when (onlineUntil): the online count. */
  online: (spaceId: string) => `presence:online:${spaceId}`,
};

/** The part of the connection-count keys of one bucket before the user id. */
export const connsPrefix = (bucket: number) => `presence:${tag(bucket)}:conns:`;

/** One process's share of the connection counts of the users of one bucket (a hash user → count). */
export const shareKey = (procId: string, bucket: number) => `presence:${tag(bucket)}:proc:${procId}`;

/** The live processes and their last heartbeat (a sorted set; one key, touched alone). */
export const PROCS_KEY = "presence:procs";
