import { defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // Workspace packages (sdk-bot, sdk-client) export their TypeScript sources under this condition, so tests
  // and examples run against src/ without a build.
  ssr: { resolve: { conditions: ["parley:source", ...defaultServerConditions] } },
  test: {
    include: ["server/src/**/*.test.ts", "test/**/*.test.ts", "sdk-*/src/**/*.test.ts", "sdk-*/test/**/*.test.ts", "examples/**/*.test.ts", "portal/test/**/*.test.ts"],
    // PostgreSQL and Redis for the run: the local servers, or an embedded PostgreSQL and a private redis-server.
    globalSetup: ["./test/global-setup.ts"],
    pool: "forks",
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ["default", "./test/summary-reporter.ts"],
  },
});
