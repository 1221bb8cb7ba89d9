import { defineConfig } from "vitest/config";
import { sdkSources } from "./scripts/sdk-sources.ts";

// The SDKs as published: the runtime matrix (test/runtimes/) and the tarball tests (sdk-*/test/pack.test.ts: build,
// `npm pack`, install in an empty folder, import, type-check a consumer). Apart from `npm test` because the matrix's
// first run installs Node, Bun, Deno and workerd from the npm registry, and because packing builds each SDK once more
// (check:packages in `npm test` packs them too, for publint, attw and TypeDoc): `npm run test:runtimes`, run by
// .ci/run after `npm test`.
export default defineConfig({
  resolve: { alias: sdkSources },
  test: {
    include: ["test/runtimes/**/*.test.ts", "sdk-*/test/pack.test.ts"],
    globalSetup: ["./test/global-setup.ts"],
    pool: "forks",
    testTimeout: 120_000,
    hookTimeout: 600_000,
    expect: { poll: { timeout: 10_000 } },
    reporters: ["default", "./test/summary-reporter.ts"],
  },
});
