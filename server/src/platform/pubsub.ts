// Fan-out between server processes: Redis PUBLISH/SUBSCRIBE when configured, an EventEmitter otherwise.
import { EventEmitter } from "node:events";
import type { Redis } from "./redis.ts";

export type Listener = (message: string) => void;

export interface PubSub {
  publish(channel: string, message: string): Promise<void>;
  /** Returns a function that removes the listener. */
  subscribe(channel: string, listener: Listener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export class MemoryPubSub implements PubSub {
  private emitter = new EventEmitter().setMaxListeners(0);
  async publish(channel: string, message: string) {
    // Deliver asynchronously, as Redis would, so callers never depend on re-entrancy.
    queueMicrotask(() => this.emitter.emit(channel, message));
  }
  async subscribe(channel: string, listener: Listener) {
    this.emitter.on(channel, listener);
    return async () => void this.emitter.off(channel, listener);
  }
  async close() {
    this.emitter.removeAllListeners();
  }
}

/** Uses `publisher` for PUBLISH and a duplicate connection in subscriber mode. */
export class RedisPubSub implements PubSub {
  private sub: Redis;
  private listeners = new Map<string, Set<Listener>>();
  /** Per channel: settles once Redis confirmed the SUBSCRIBE (every listener of the channel waits for it). */
  private subscribed = new Map<string, Promise<unknown>>();
  /** Channels asked for in this turn of the event loop: one SUBSCRIBE carries them all (a connect storm). */
  private batch: string[] | undefined;
  private batchDone: Promise<unknown> | undefined;
  constructor(private pub: Redis, private prefix = "ps:") {
    this.sub = pub.duplicate();
    // ioredis reconnects by itself; without a listener it would print every refused reconnect to stderr.
    this.sub.on("error", () => {});
    this.sub.on("message", (ch: string, msg: string) => {
      for (const l of this.listeners.get(ch) ?? []) l(msg);
    });
  }
  async publish(channel: string, message: string) {
    await this.pub.publish(this.prefix + channel, message);
  }
  async subscribe(channel: string, listener: Listener) {
    const ch = this.prefix + channel;
    let set = this.listeners.get(ch);
    if (!set) {
      set = new Set();
      this.listeners.set(ch, set);
      this.subscribed.set(ch, this.subscribeSoon(ch));
    }
    const mine = set;
    // Added at once, so an unsubscribe of another listener meanwhile does not drop the channel under this one.
    mine.add(listener);
    const unsubscribe = async () => {
      mine.delete(listener);
      if (mine.size === 0 && this.listeners.get(ch) === mine) {
        this.listeners.delete(ch);
        this.subscribed.delete(ch);
        await this.sub.unsubscribe(ch);
      }
    };
    try {
      await this.subscribed.get(ch);
    } catch (err) {
      // Not subscribed: forget the channel, so the next subscriber tries again.
      mine.delete(listener);
      if (mine.size === 0 && this.listeners.get(ch) === mine) {
        this.listeners.delete(ch);
        this.subscribed.delete(ch);
      }
      throw err;
    }
    return unsubscribe;
  }
  private subscribeSoon(ch: string): Promise<unknown> {
    if (!this.batch) {
      const channels: string[] = (this.batch = []);
      this.batchDone = new Promise((resolve, reject) =>
        setImmediate(() => {
          this.batch = undefined;
          this.sub.subscribe(...channels).then(resolve, reject);
        }),
      );
    }
    this.batch.push(ch);
    return this.batchDone!;
  }
  async close() {
    this.listeners.clear();
    this.sub.disconnect();
  }
}
