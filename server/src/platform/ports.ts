// A TCP port free on 127.0.0.1 right now, for a process that must be told its port up front (the embedded
// PostgreSQL; tests and benches that start servers).
import { createServer } from "node:net";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
