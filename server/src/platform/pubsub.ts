// Fan-out between server processes: Redis PUBLISH/SUBSCRIBE when configured (sharded SPUBLISH/SSUBSCRIBE on a Redis
// Cluster, so a message crosses only the shard that owns its channel), an EventEmitter otherwise.
import { EventEmitter } from "node:events";
import { randomBytes } from "node:crypto";
import { DeadlineQueue } from "./deadline.ts";
import { byTag, isCluster, type Redis } from "./redis.ts";
import type { Cluster } from "ioredis";

export type Listener = (message: string) => void;

export interface PublishOptions {
  /**
   * This process's own listeners hear the message at once, without the round trip through Redis; other processes
   * as always. Only for messages whose order relative to other processes' messages on the channel does not
   * matter (each process would see such a message at its own place among them): an ephemeral reply to one user.
   * When the publish to Redis fails, this process's listeners have heard it already.
   */
  localFirst?: boolean;
}

export interface PubSub {
  /**
   * Resolves once the message is handed over, with how many subscribers heard it: on Redis, the connections
   * subscribed to the channel (0: no process listens there now, e.g. the one that did died).
   */
  publish(channel: string, message: string, opts?: PublishOptions): Promise<number>;
  /** Returns a function that removes the listener. */
  subscribe(channel: string, listener: Listener): Promise<() => Promise<void>>;
  /**
   * Calls `listener` each time the subscriptions are back after a lost connection (Redis restarted, failed over,
   * or dropped the subscriber): messages published meanwhile were never delivered here.
   */
  onResubscribed(listener: () => void): void;
  close(): Promise<void>;
}

export class MemoryPubSub implements PubSub {
  private emitter = new EventEmitter().setMaxListeners(0);
  async publish(channel: string, message: string) {
    // Deliver asynchronously, as Redis would, so callers never depend on re-entrancy.
    queueMicrotask(() => this.emitter.emit(channel, message));
    return this.emitter.listenerCount(channel);
  }
  async subscribe(channel: string, listener: Listener) {
    this.emitter.on(channel, listener);
    return async () => void this.emitter.off(channel, listener);
  }
  onResubscribed() {
    // Nothing is ever lost in-process.
  }
  async close() {
    this.emitter.removeAllListeners();
  }
}

/** Marks a message published `localFirst`: SOH, the publishing process's tag, SOH, then the message. */
const TAGGED = "\u0001";

/**
 * How long a publish waits for Redis to take it. A Redis that holds the connection without answering would
 * otherwise hold every request that publishes after its commit (a chat message, a reply) until it wakes, and
 * a client retrying such a request writes it twice. The PUBLISH still goes out when Redis wakes: a late frame.
 */
const PUBLISH_TIMEOUT_MS = 1000;

/**
 * The publishes Redis has not answered yet, oldest first. Redis answers a connection's commands in order, so once
 * the oldest has waited PUBLISH_TIMEOUT_MS, every one still waiting fails with it. One timer for them all, running
 * only while some wait: a timer and a race per publish would add to every send.
 */
class PublishWatch {
  private deadlines = new DeadlineQueue(PUBLISH_TIMEOUT_MS);

  /** `sent`'s outcome, or a failure once Redis has left the oldest publish unanswered too long. */
  track<T>(sent: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const wait = {
        settled: false,
        expire: () => {
          wait.settled = true;
          reject(new Error(`redis did not answer the publish within ${PUBLISH_TIMEOUT_MS} ms`));
          this.deadlines.expireAll();
        },
      };
      this.deadlines.add(wait);
      sent.then(
        (value) => {
          wait.settled = true;
          resolve(value);
        },
        (err) => {
          wait.settled = true;
          reject(err);
        },
      );
    });
  }
}

/**
 * Uses `pub` for PUBLISH and `sub` (default: a duplicate of `pub`) in subscriber mode. On a Redis Cluster, `sub` must
 * be a Cluster with `shardedSubscribers` (one subscriber connection per master), and the channels are sharded.
 */
export class RedisPubSub implements PubSub {
  /** This process's tag on `localFirst` messages, so its subscriber skips what it already delivered. */
  private tag = `${TAGGED}${randomBytes(9).toString("base64url")}${TAGGED}`;
  private sub: Redis;
  private sharded: boolean;
  private listeners = new Map<string, Set<Listener>>();
  private watch = new PublishWatch();
  /** Per channel: settles once Redis confirmed the SUBSCRIBE (every listener of the channel waits for it). */
  private subscribed = new Map<string, Promise<unknown>>();
  /** Channels asked for in this turn of the event loop: one SUBSCRIBE carries them all (a connect storm). */
  private batch: string[] | undefined;
  private batchDone: Promise<unknown> | undefined;
  private resubscribed: (() => void)[] = [];
  private connectedOnce = false;
  constructor(
    private pub: Redis,
    private prefix = "ps:",
    sub?: Redis,
  ) {
    this.sharded = isCluster(pub);
    this.sub = sub ?? (pub as Exclude<Redis, Cluster>).duplicate();
    // ioredis reconnects by itself; without a listener it would print every refused reconnect to stderr.
    this.sub.on("error", () => {});
    const onMessage = (ch: string, msg: string) => {
      if (msg.startsWith(TAGGED)) {
        if (msg.startsWith(this.tag)) return; // delivered here when published
        msg = msg.slice(msg.indexOf(TAGGED, 1) + 1);
      }
      this.deliver(ch, msg);
    };
    if (this.sharded) {
      this.sub.on("smessage", onMessage);
      this.watchShards(this.sub as Cluster);
    } else {
      this.sub.on("message", onMessage);
      this.sub.on("ready", () => this.reconnected());
    }
  }
  /**
   * ioredis subscribes again by itself on a new connection; the listeners are told once Redis has confirmed the
   * channels (the same SUBSCRIBE again, answered after ioredis's own), so whatever they reload afterwards cannot
   * miss a message the way the old connection did.
   */
  private reconnected() {
    if (!this.connectedOnce) {
      this.connectedOnce = true;
      return;
    }
    this.confirmAll().then(
      () => {
        for (const l of this.resubscribed) l();
      },
      () => {}, // the connection went again: its next "ready" tells them
    );
  }
  /**
   * A cluster's sharded subscribers: ioredis replaces the subscriber of a master that went away (a failover, a
   * restart) once the new topology is known, subscribes it again, then says `subscribersReady`. As on one server,
   * the listeners are told once the channels are confirmed again; until every shard confirms, the next
   * `subscribersReady` tries again. (ioredis keeps each channel asked for again in its list once more; SSUBSCRIBE
   * of a channel already subscribed is harmless, and SUNSUBSCRIBE drops every copy.)
   */
  private watchShards(sub: Cluster) {
    let lost = false;
    sub.on("-subscriber", () => (lost = true));
    sub.on("subscribersReady", () => {
      if (!lost) return;
      this.confirmAll().then(
        () => {
          if (!lost) return;
          lost = false;
          for (const l of this.resubscribed) l();
        },
        () => {},
      );
    });
  }
  private confirmAll(): Promise<unknown> {
    const channels = [...this.listeners.keys()];
    return channels.length ? this.subscribeNow(channels) : Promise.resolve();
  }
  /** SUBSCRIBE (one server) or SSUBSCRIBE per hash tag (a cluster: each command names channels of one slot). */
  private subscribeNow(channels: string[]): Promise<unknown> {
    if (!this.sharded) return this.sub.subscribe(...channels);
    return Promise.all(byTag(this.sub, channels).map((g) => this.sub.ssubscribe(...g.map((i) => channels[i]!))));
  }
  onResubscribed(listener: () => void) {
    this.resubscribed.push(listener);
  }
  private deliver(ch: string, msg: string) {
    for (const l of this.listeners.get(ch) ?? []) l(msg);
  }
  async publish(channel: string, message: string, opts?: PublishOptions) {
    const ch = this.prefix + channel;
    if (!opts?.localFirst) return this.watch.track(this.send(ch, message));
    // Asynchronously, as through Redis: callers never depend on re-entrancy.
    if (this.listeners.has(ch)) queueMicrotask(() => this.deliver(ch, message));
    return this.watch.track(this.send(ch, this.tag + message));
  }
  private send(ch: string, message: string): Promise<number> {
    // SPUBLISH answers an integer like PUBLISH (ioredis types it unknown).
    return this.sharded ? (this.pub.spublish(ch, message) as Promise<number>) : this.pub.publish(ch, message);
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
        await (this.sharded ? this.sub.sunsubscribe(ch) : this.sub.unsubscribe(ch));
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
          this.subscribeNow(channels).then(resolve, reject);
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
