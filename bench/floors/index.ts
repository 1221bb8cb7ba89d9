// The two floors every hot path is read against, and alternating rounds: a bare node:http(+pg) server
// (what the machine and the database allow) and the stack floor (what Express + the contract validator allow, in
// a process of its own). Rounds alternate floor and service so load on the shared machine falls on both alike.
import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { medianRow, type BenchContext, type BenchResult, type LoadOptions } from "../context.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** The process id of each running stack floor, by its URL (CPU time per request: bench/profile-cpu.ts). */
export const stackFloorPid = new Map<string, number>();

/** The stack floor in a child process; stopped by the context's cleanup. */
export async function startStackFloor(
  ctx: BenchContext,
  opts: { meBody?: string; databaseUrl?: string; spaceId?: string; botId?: string; redisUrl?: string; botToken?: string },
): Promise<string> {
  const child = spawn(process.execPath, ["--import", "tsx", join(import.meta.dirname, "stack-server.ts"), JSON.stringify(opts)], {
    cwd: join(import.meta.dirname, "../.."),
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  ctx.defer(async () => {
    child.kill("SIGTERM");
    await exited;
  });
  const port = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once("exit", (code) => reject(new Error(`stack floor exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  stackFloorPid.set(url, child.pid!);
  return url;
}

/** A bare node:http server in this process, answering with `handle`; closed by the context's cleanup. */
export async function startBare(
  ctx: BenchContext,
  handle: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>,
): Promise<string> {
  const server = createServer((req, res) => {
    Promise.resolve(handle(req, res)).catch((err: Error) => res.writeHead(500).end(err.message));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  ctx.defer(() => new Promise((r) => server.close(() => r())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export const sendJson = (res: ServerResponse, status: number, text: string) => {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
  res.end(text);
};

export const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let s = "";
    req.setEncoding("utf8");
    req.on("data", (c) => (s += c));
    req.on("end", () => resolve(s));
    req.on("error", reject);
  });

/**
 * Loads each target once per round, in the given order, for BENCH_ROUNDS rounds (each load warmed up in round
 * one only), and answers one row per target with the medians of its rounds (requests/s, p50, p99).
 */
export async function alternate(ctx: BenchContext, targets: { name: string; opts: LoadOptions }[]): Promise<BenchResult[]> {
  const runs = new Map<string, BenchResult[]>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const t of targets) runs.get(t.name)!.push(await ctx.load(t.name, { ...t.opts, warmup: round === 0 }));
  }
  return targets.map((t) => medianRow(runs.get(t.name)!));
}

/** `a / b` as `0.81×`. */
export const ratio = (a: BenchResult, b: BenchResult) => `${(a.requestsPerSecond / b.requestsPerSecond).toFixed(2)}×`;
