// A real server process, for multi-process, crash and shutdown tests: `node --import tsx server/src/main.ts`,
// or `npm run start -w server` (what `npm start` runs) in a process group of its own.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** SIGKILL to the server process alone: no graceful shutdown, as in a crash. */
  kill(): Promise<void>;
  /** SIGTERM and wait for exit. */
  stop(): Promise<void>;
  /** Sends `signal` to the whole process group (only with `viaNpm`), as systemd and many supervisors do. */
  signalGroup(signal: NodeJS.Signals): void;
  /** Resolves with the exit code once the output stream has ended (every process of the group is gone). */
  exited: Promise<number | null>;
}

export interface ServerProcessOptions {
  /** Start through `npm run start -w server`, as `npm start` does, in a new process group. */
  viaNpm?: boolean;
  timeoutMs?: number;
  /** The checkout to run from (default: this one), e.g. a copy in another folder. */
  root?: string;
}

const ROOT = join(import.meta.dirname, "../..");

export async function startServerProcess(env: Record<string, string>, opts: ServerProcessOptions = {}): Promise<ServerProcess> {
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const [cmd, args] = opts.viaNpm
    ? ["npm", ["run", "--silent", "start", "-w", "server", "--"]]
    : [process.execPath, ["--import", "tsx", "server/src/main.ts"]];
  const child = spawn(cmd, args, {
    cwd: opts.root ?? ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      PORT: "0",
      LOG_LEVEL: "info",
      NODE_ENV: "test",
      SIGNUP_LIMIT_PER_HOUR: "1000000",
      // Argon2 at 1/100 of its memory (well under a millisecond): tests register and log in users by the thousand; the
      // tests of hashing itself (auth/hashing, auth/hash-floods) run at full cost.
      PASSWORD_HASH_SCALE: "0.01",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: Boolean(opts.viaNpm),
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  // npm may exit before the server does (it does not wait for its child on SIGTERM): the server's end is the
  // end of its output, which it shares with npm.
  const streamEnded = new Promise<void>((resolve) => child.stdout.once("close", () => resolve()));
  const childExited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const exited = Promise.all([childExited, streamEnded]).then(([code]) => code);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server process did not start:\n${out}`)), timeoutMs);
    const onData = () => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server process exited with ${code}:\n${out}`));
    });
  });
  return {
    url,
    child,
    output: () => out,
    exited,
    async kill() {
      child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
    signalGroup(signal) {
      if (!opts.viaNpm) throw new Error("signalGroup needs viaNpm (a process group of its own)");
      process.kill(-child.pid!, signal);
    },
  };
}
