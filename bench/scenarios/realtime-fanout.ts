// Fan-out of one message to N sockets in a channel (default 1,000): time from publishing until the last socket has
// it, p50/p99 over R rounds, next to a bare `ws` server broadcasting the same frame from the same Redis, in the same
// run, rounds interleaved. Also the end-to-end time from `POST …/messages` to the last socket.
// Run: ulimit -n 20000; node --import tsx bench/scenarios/realtime-fanout.ts [N] [R]
import { Redis } from "ioredis";
import type { WebSocket } from "ws";
import { RedisPubSub } from "../../server/src/platform/pubsub.ts";
import { RealtimePublisher } from "../../server/src/platform/realtime/publisher.ts";
import type { components } from "../../generated/api.d.ts";
import { closeAll, connectMany, freePort, percentile, seedSpace, seedUsers, sleep, spawnNode, startParley } from "./realtime-common.ts";

/** Resolves with the time the last of `sockets` received a frame of `bytes` bytes, once armed. */
function receiver(sockets: WebSocket[], bytes: number) {
  let got = 0;
  let done: ((t: number) => void) | undefined;
  for (const ws of sockets) {
    ws.on("message", (data: Buffer) => {
      if (data.length !== bytes || !done) return;
      if (++got === sockets.length) done(performance.now());
    });
  }
  return async (publish: () => Promise<unknown>): Promise<number> => {
    got = 0;
    const last = new Promise<number>((resolve) => (done = resolve));
    const t0 = performance.now();
    await publish();
    const t1 = await Promise.race([last, sleep(10_000).then(() => NaN)]);
    done = undefined;
    return t1 - t0;
  };
}

const step = (what: string) => process.env.BENCH_QUIET || console.error(`bench: realtime fan-out: ${what}`);

const stats = (xs: number[]) => ({ p50_ms: +percentile(xs, 50).toFixed(2), p99_ms: +percentile(xs, 99).toFixed(2) });

export async function run(n = 1000, rounds = 50): Promise<Record<string, unknown>> {
  step("starting servers");
  const bench = await startParley();
  const port = await freePort();
  const bare = await spawnNode(
    ["--import", "tsx", "bench/scenarios/bare-ws-server.ts"],
    { PORT: String(port), REDIS_URL: bench.redis.url },
    "bare ws server ready",
    `ws://127.0.0.1:${port}`,
  );
  const redis = new Redis(bench.redis.url);
  const pubsub = new RedisPubSub(redis);
  const publisher = new RealtimePublisher(pubsub);
  try {
    step("seeding");
    const users = await seedUsers(bench.db, n);
    const { spaceId, channelId } = await seedSpace(
      bench.db,
      users.map((u) => u.id),
    );
    step("connecting");
    const parleySockets = await connectMany(
      bench.parley.url.replace("http", "ws") + "/api/ws",
      n,
      users.map((u) => u.token),
    );
    const bareSockets = await connectMany(bare.url, n, null);
    await sleep(3000); // let the presence announcements of N connects drain

    const path = `/api/chat/${spaceId}/${channelId}/messages`;
    const post = () =>
      fetch(bench.parley.url + path, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${users[0]!.token}` },
        body: JSON.stringify({ ciphertext: Buffer.alloc(256, 7).toString("base64") }),
      }).then((r) => r.json());
    const sample = (await post()) as components["schemas"]["Chat.MessageResponse"];
    const frame = { type: "message:created" as const, ...sample };
    const text = JSON.stringify(frame);
    const bytes = Buffer.byteLength(text);
    const parley = receiver(parleySockets, bytes);
    const baseline = receiver(bareSockets, bytes);
    await sleep(500);

    step("measuring");
    const viaParley: number[] = [];
    const viaBare: number[] = [];
    for (let i = 0; i < rounds + 5; i++) {
      const p = await parley(() => publisher.toSpace(spaceId, channelId, frame));
      await sleep(20);
      const b = await baseline(() => redis.publish("bare:broadcast", text));
      await sleep(20);
      // The first rounds warm up both.
      if (i >= 5) {
        viaParley.push(p);
        viaBare.push(b);
      }
    }
    const endToEnd: number[] = [];
    for (let i = 0; i < 20; i++) {
      endToEnd.push(await parley(post));
      await sleep(20);
    }
    await closeAll([...parleySockets, ...bareSockets]);
    const pr = stats(viaParley);
    const br = stats(viaBare);
    return {
      sockets: n,
      rounds,
      frame_bytes: bytes,
      parley_publish_to_last_socket: pr,
      bare_ws_publish_to_last_socket: br,
      ratio_p50: +(pr.p50_ms / br.p50_ms).toFixed(2),
      ratio_p99: +(pr.p99_ms / br.p99_ms).toFixed(2),
      parley_http_post_to_last_socket: stats(endToEnd),
    };
  } finally {
    await pubsub.close();
    redis.disconnect();
    await bare.stop();
    await bench.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await run(Number(process.argv[2] ?? 1000), Number(process.argv[3] ?? 50)), null, 2));
  process.exit(0);
}
