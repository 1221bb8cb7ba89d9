import { defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

// The runtime matrix (test/runtimes/), apart from `npm test` because its first run installs Node, Bun, Deno and
// workerd from the npm registry: `npm run test:runtimes`, run by .ci/run after `npm test`.
export default defineConfig({
  ssr: { resolve: { conditions: ["parley:source", ...defaultServerConditions] } },
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
