// Device-targeted frames (RealtimePublisher.toDevices): only the sockets of that user authenticated with that
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

describe("toDevices", () => {
  it("delivers the frame to the named devices' sockets only, one message per user", async () => {
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
    const tablet = new FakeConn("alice", "dev-tablet");
    const bob = new FakeConn("bob", "dev-phone");
    const bobLaptop = new FakeConn("bob", "dev-laptop");
    for (const c of [phoneA, phoneB, laptop, tablet, bob, bobLaptop]) await registry.add(c);
    const rt = new RealtimePublisher(pubsub);
    const published: string[] = [];
    const publish = pubsub.publish.bind(pubsub);
    pubsub.publish = (channel: string, message: string) => (published.push(channel), publish(channel, message));

    const welcome = { type: "e2e:welcome", channel_id: "c", epoch: 1, welcome: "AAAA" } as const;
    await rt.toDevices(
      [
        { user_id: "alice", device_id: "dev-phone" },
        { user_id: "alice", device_id: "dev-tablet" },
        { user_id: "bob", device_id: "dev-laptop" },
      ],
      welcome,
    );
    expect(published).toHaveLength(2);
    await rt.toUser("alice", marker("test:note"));
    await settle();
    expect(phoneA.got.map((t) => JSON.parse(t))).toEqual([welcome, { type: "test:note" }]);
    expect(phoneB.got).toEqual(phoneA.got);
    expect(tablet.got.map((t) => JSON.parse(t))).toEqual([welcome, { type: "test:note" }]);
    expect(laptop.got.map((t) => JSON.parse(t))).toEqual([{ type: "test:note" }]);
    expect(bobLaptop.got.map((t) => JSON.parse(t))).toEqual([welcome]);
    expect(bob.got).toEqual([]);

    await rt.toDevices([{ user_id: "alice", device_id: "dev-unknown" }], marker("test:x"));
    await settle();
    expect(phoneA.got).toHaveLength(2);
    await pubsub.close();
  });
});
