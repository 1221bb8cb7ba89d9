// The invocation chain's floor "service" (bench/scenarios/invocations.ts), in its own process as Parley's is:
// bare node:http + ws and no logic. POST /invoke answers 202 and POSTs the invocation to the bot (BOT_URL); POST
// /respond answers 204 and sends the reply frame on the invoker's socket (`/?user=<id>`). Benchmark-only.
import { createServer, type IncomingMessage } from "node:http";
import { Agent, request } from "undici";
import { WebSocketServer, type WebSocket } from "ws";

const agent = new Agent({ connections: 64 });
const sockets = new Map<string, WebSocket>();
let seq = 0;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });

const service = createServer(async (req, res) => {
  const body = JSON.parse(await readBody(req));
  if (req.url === "/invoke") {
    const id = `i${++seq}`;
    res.writeHead(202, { "content-type": "application/json" }).end(JSON.stringify({ interaction_id: id }));
    const r = await request(process.env.BOT_URL!, {
      method: "POST",
      dispatcher: agent,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: { interaction_id: id, interaction_token: `${body.user} ${id}`, options: { sides: 6 } } }),
    });
    await r.body.dump();
  } else {
    res.writeHead(204).end();
    const [user, id] = String(body.interaction_token).split(" ");
    sockets.get(user!)?.send(JSON.stringify({ type: "reply", interaction_id: id, content: body.content }));
  }
});
const wss = new WebSocketServer({ server: service, perMessageDeflate: false });
wss.on("connection", (ws, req) => sockets.set(new URL(req.url!, "http://x").searchParams.get("user")!, ws));
service.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("floor service listening"));
process.once("SIGTERM", () => process.exit(0));
