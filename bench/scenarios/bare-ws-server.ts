// The baseline for the fan-out benchmark: a bare `ws` server that broadcasts every message of one Redis channel
// to all its sockets, with nothing else in the way (no auth, no membership, no framing reuse).
import { WebSocketServer } from "ws";
import { Redis } from "ioredis";

const wss = new WebSocketServer({ port: Number(process.env.PORT), host: "127.0.0.1", perMessageDeflate: false });
// ANSWER=1: every text frame gets a small `ready`-like answer (the connect-storm baseline: open, auth frame, answer).
const answer = process.env.ANSWER === "1";
wss.on("connection", (ws) => {
  ws.on("error", () => {});
  if (answer) ws.on("message", () => ws.send('{"type":"ready"}'));
});
const sub = new Redis(process.env.REDIS_URL!);
await sub.subscribe("bare:broadcast");
sub.on("message", (_channel: string, msg: string) => {
  for (const client of wss.clients) if (client.readyState === 1) client.send(msg);
});
console.log("bare ws server ready");
