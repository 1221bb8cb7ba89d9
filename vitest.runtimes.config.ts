import { defineConfig } from "vitest/config";
import { sdkSources } from "./scripts/sdk-sources.ts";

// The runtime matrix (test/runtimes/), apart from `npm test` because its first run installs Node, Bun, Deno and
// workerd from the npm registry: `npm run test:runtimes`, run by .ci/run after `npm test`.
export default defineConfig({
  resolve: { alias: sdkSources },
  test: {
    include: ["test/runtimes/**/*.test.ts"],
    globalSetup: ["./test/global-setup.ts"],
    pool: "forks",
    testTimeout: 120_000,
    hookTimeout: 600_000,
    expect: { poll: { timeout: 10_000 } },
    reporters: ["default", "./test/summary-reporter.ts"],
  },
});
