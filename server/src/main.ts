// `npm start`: read the configuration, start, and shut down gracefully on SIGTERM/SIGINT.
// Runs as one process (`node --import tsx`, no wrapper that would forward a signal and kill us after it).
import { ConfigError, loadConfig } from "./platform/config.ts";
import { EmbeddedPostgresError } from "./platform/embedded-postgres.ts";
import { startServer, type RunningServer } from "./server.ts";

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`configuration error: ${err.message}`);
    process.exit(78);
  }
  throw err;
}

// A supervisor that signals the whole process group, or an impatient Ctrl-C, may deliver the signal more than
// once: a repeat during the drain is logged and ignored, so requests in flight still get their answers; the
// third signal forces the exit. Registered before anything is announced: whoever reads "listening" may signal
// at once.
let server: RunningServer | undefined;
let signals = 0;
const onSignal = (signal: NodeJS.Signals) => {
  signals++;
  if (!server) {
    // Still starting: nothing to drain. process.exit runs the exit hooks (the embedded database stops).
    console.error(`${signal} during start: exiting`);
    process.exit(1);
  }
  const log = server.platform.log;
  if (signals === 1) {
    log.info({ signal, delayMs: config.shutdownDelayMs }, "shutting down");
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  } else if (signals === 2) {
    log.warn({ signal }, "already shutting down: signal ignored (a third one forces the exit)");
  } else {
    log.warn({ signal }, "forced exit before the shutdown finished");
    process.exit(130);
  }
};
process.on("SIGTERM", onSignal);
process.on("SIGINT", onSignal);

try {
  server = await startServer(config);
} catch (err) {
  if (err instanceof EmbeddedPostgresError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
console.log(`Parley is listening on ${server.url} (API reference: ${server.url}/api/docs)`);
