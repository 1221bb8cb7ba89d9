// The order test files start in. Vitest runs the longest first when it has timings from an earlier run, and the
// largest first when it has none, as on a fresh clone (CI): there, small files that start server processes and
// wait on their timings would start last and end the run long after every other worker is idle. These start
// first, slowest first (each takes from half a minute to a minute and a half); everything else keeps Vitest's order.
import { BaseSequencer, type TestSpecification } from "vitest/node";

const SLOW_FIRST = [
  "server/src/features/gateway/processes.test.ts",
  "test/redis-cluster-failover.test.ts",
  "test/private-folder.test.ts",
  "test/contract-requests.test.ts",
  "test/service.test.ts",
  "server/src/platform/http/api-routes.test.ts",
  "server/src/features/webhooks/durability.test.ts",
  "test/redis-cluster.test.ts",
  "test/replica.test.ts",
  "test/pooler.test.ts",
  "server/src/features/presence/crash.test.ts",
  "server/src/features/ratelimits/two-process.test.ts",
  "test/embedded-crash.test.ts",
  "test/shutdown.test.ts",
];

const rank = (spec: TestSpecification) => {
  const i = SLOW_FIRST.findIndex((path) => spec.moduleId.endsWith(path));
  return i === -1 ? SLOW_FIRST.length : i;
};

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: files of equal rank keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
