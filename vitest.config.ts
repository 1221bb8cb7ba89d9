import { configDefaults, defineConfig } from "vitest/config";
import { sdkSources } from "./scripts/sdk-sources.ts";
import { SlowFirstSequencer } from "./test/sequencer.ts";

export default defineConfig({
  // Workspace packages (sdk-bot, sdk-client) resolve to their TypeScript sources, so tests run without a build.
  resolve: { alias: sdkSources },
  test: {
    include: [
      "server/src/**/*.test.ts",
      "test/**/*.test.ts",
      "sdk-*/src/**/*.test.ts",
      "sdk-*/test/**/*.test.ts",
      "examples/**/*.test.ts",
      "portal/test/**/*.test.ts",
    ],
    // The runtime matrix and the tarball tests have their own run (vitest.runtimes.config.ts).
    exclude: [...configDefaults.exclude, "test/runtimes/**", "sdk-*/test/pack.test.ts"],
    // PostgreSQL and Redis for the run: the local servers, or an embedded PostgreSQL and a private redis-server.
    globalSetup: ["./test/global-setup.ts"],
    pool: "forks",
    maxWorkers: 3,
    // Test files share their worker's loaded modules instead of importing the server (express, ajv, BullMQ, …)
    // afresh each: that import was most of a small file's time. Files still start their own servers and
    // databases and close them in afterAll; nothing here mocks modules or relies on module state being new.
    // TEST_ISOLATE=1 gives each file a fresh worker again (to tell whether a failure comes from sharing).
    isolate: process.env.TEST_ISOLATE === "1",
    testTimeout: 30_000,
    // expect.poll's own default (1 s) is a timing window a loaded machine misses (a page render, a pub/sub hop);
    // a poll that passes still returns as soon as it does.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
    reporters: ["default", "./test/summary-reporter.ts"],
    sequence: { sequencer: SlowFirstSequencer },
  },
});
