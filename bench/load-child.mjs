// Runs one autocannon load in its own process (so the load generator never competes with the server under
// test for the same event loop) and prints the result as JSON on stdout. Options come as JSON in argv[2].
import autocannon from "autocannon";

const opts = JSON.parse(process.argv[2]);
const result = await autocannon(opts);
process.stdout.write(
  JSON.stringify({
    average: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }),
);
