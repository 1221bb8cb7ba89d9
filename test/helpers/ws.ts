// A realtime (WebSocket) client for tests: collects every frame, waits for the ones a test expects.
import { WebSocket } from "ws";

export interface Closed {
  code: number;
  reason: string;
}

export class WsClient {
  readonly frames: any[] = [];
  readonly closed: Promise<Closed>;
  private waiters: { pred: (f: any) => boolean; resolve: (f: any) => void }[] = [];

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })));
    ws.on("error", () => {});
    ws.on("message", (data) => {
      let frame: any;
      try {
        frame = JSON.parse(data.toString());
      } catch {
        frame = { unparsable: data.toString() };
      }
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => (w.pred(frame) ? (w.resolve(frame), false) : true));
    });
  }

  /** Opens `ws://…/api/ws` on the server at `base` (an http:// URL). */
  static open(base: string, path = "/api/ws"): Promise<WsClient> {
    const ws = new WebSocket(base.replace(/^http/, "ws") + path, { perMessageDeflate: false });
    return new Promise((resolve, reject) => {
      ws.once("open", () => resolve(new WsClient(ws)));
      ws.once("error", reject);
    });
  }

  /** Opens a connection and authenticates; resolves with the `ready` frame. */
  static async ready(base: string, token: string): Promise<{ client: WsClient; ready: any }> {
    const client = await WsClient.open(base);
    const ready = client.next((f) => f.type === "ready" || f.type === "error");
    client.send({ type: "auth", token });
    const frame = await ready;
    if (frame.type !== "ready") throw new Error(`auth failed: ${JSON.stringify(frame)}`);
    return { client, ready: frame };
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === "string" || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame));
  }

  /** The first frame (already received or still to come) matching `pred`. */
  next(pred: (f: any) => boolean = () => true, timeoutMs = 5000): Promise<any> {
    const seen = this.frames.find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames).slice(0, 500)}`)),
        timeoutMs,
      );
      this.waiters.push({
        pred,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      });
    });
  }

  /** Frames of `type` received so far. */
  ofType(type: string): any[] {
    return this.frames.filter((f) => f.type === type);
  }

  /** The next frame of `type` after those already received. */
  nextNew(type: string, timeoutMs = 5000): Promise<any> {
    const already = this.ofType(type).length;
    let n = 0;
    return this.next((f) => f.type === type && ++n > already, timeoutMs);
  }

  async closedWithin(ms: number): Promise<Closed> {
    return Promise.race([
      this.closed,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not closed within ${ms} ms`)), ms)),
    ]);
  }

  close(): void {
    this.ws.terminate();
  }
}
