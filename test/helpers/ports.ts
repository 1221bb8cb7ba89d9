// The server's own free-port helper, for tests and benches.
export { freePort } from "../../server/src/platform/ports.ts";
