// `npm start`: read the configuration, start, and shut down gracefully on SIGTERM/SIGINT.
import { ConfigError, loadConfig } from "./platform/config.ts";
import { startServer } from "./server.ts";

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

const server = await startServer(config);
console.log(`Parley is listening on ${server.url} (API reference: ${server.url}/api/docs)`);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, async () => {
    server.platform.log.info({ signal }, "shutting down");
    await server.close();
    process.exit(0);
  });
}
