// Device-targeted frames (RealtimePublisher.toDevice): only the sockets of that user authenticated with that
// device session receive them; the user's other devices and other users do not; user frames still reach all.
import { describe, expect, it } from "vitest";
import { MemoryPubSub } from "../pubsub.ts";
import { RealtimePublisher } from "./publisher.ts";
import { LocalRegistry, type Deliverable } from "./registry.ts";
import { marker } from "../../../../test/helpers/frames.ts";

class FakeConn implements Deliverable {
  got: string[] = [];
  constructor(
    readonly userId: string,
    readonly deviceSessionId: string,
  ) {}
  deliver(data: Buffer): void {
    this.got.push(data.toString());
  }
}

const settle = () => new Promise((r) => setTimeout(r, 10));

describe("toDevice", () => {
  it("delivers the frame to the named device's sockets only", async () => {
    const pubsub = new MemoryPubSub();
    const registry = new LocalRegistry<FakeConn>(
      pubsub,
      async () => [],
      (err) => {
        throw err;
      },
    );
    const phoneA = new FakeConn("alice", "dev-phone");
    const phoneB = new FakeConn("alice", "dev-phone"); // a second socket of the same device
    const laptop = new FakeConn("alice", "dev-laptop");
    const bob = new FakeConn("bob", "dev-phone");
    for (const c of [phoneA, phoneB, laptop, bob]) await registry.add(c);
    const rt = new RealtimePublisher(pubsub);

    const welcome = { type: "e2e:welcome", channel_id: "c", epoch: 1, welcome: "AAAA" } as const;
    await rt.toDevice("alice", "dev-phone", welcome);
    await rt.toUser("alice", marker("test:note"));
    await settle();
    expect(phoneA.got.map((t) => JSON.parse(t))).toEqual([welcome, { type: "test:note" }]);
    expect(phoneB.got).toEqual(phoneA.got);
    expect(laptop.got.map((t) => JSON.parse(t))).toEqual([{ type: "test:note" }]);
    expect(bob.got).toEqual([]);

    await rt.toDevice("alice", "dev-unknown", marker("test:x"));
    await settle();
    expect(phoneA.got).toHaveLength(2);
    await pubsub.close();
  });
});
