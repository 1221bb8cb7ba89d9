// The one timer of many waits of a budget (DeadlineQueue), and the bounded waits around single promises.
import { describe, expect, it } from "vitest";
import { answerWithin, DeadlineQueue, settledWithin } from "./deadline.ts";

const entry = (name: string, expired: string[]) => {
  const e = { settled: false, expire: () => (expired.push(name), (e.settled = true)) };
  return e;
};

describe("DeadlineQueue", () => {
  it("expires each unsettled entry once, in order, at its budget; settled ones never", async () => {
    const d = new DeadlineQueue(100);
    const expired: string[] = [];
    const started = performance.now();
    const a = entry("a", expired);
    const b = entry("b", expired);
    d.add(a);
    d.add(b);
    b.settled = true; // answered in time
    await new Promise((r) => setTimeout(r, 50));
    const c = entry("c", expired);
    d.add(c);
    await expect.poll(() => expired, { timeout: 2_000, interval: 10 }).toEqual(["a", "c"]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(149);
    await new Promise((r) => setTimeout(r, 150));
    expect(expired).toEqual(["a", "c"]);
    d.clear();
  });

  it("expireAll from an expiring entry ends every wait still running at once, each once", async () => {
    const d = new DeadlineQueue(100);
    const expired: string[] = [];
    const a = { settled: false, expire: () => (expired.push("a"), (a.settled = true), d.expireAll()) };
    d.add(a);
    await new Promise((r) => setTimeout(r, 50));
    const b = entry("b", expired);
    const c = entry("c", expired);
    d.add(b);
    d.add(c);
    c.settled = true;
    await expect.poll(() => expired, { timeout: 2_000, interval: 10 }).toEqual(["a", "b"]);
    await new Promise((r) => setTimeout(r, 100));
    expect(expired).toEqual(["a", "b"]);
    d.clear();
  });
});

describe("bounded waits", () => {
  it("settledWithin says whether everything settled within the bound", async () => {
    expect(await settledWithin(1000, [Promise.resolve(), Promise.reject(new Error("x"))])).toBe(true);
    expect(await settledWithin(20, [new Promise(() => {})])).toBe(false);
  });

  it("answerWithin rejects with the message once the bound passes", async () => {
    await expect(answerWithin(new Promise(() => {}), 20, "too slow")).rejects.toThrow("too slow");
    expect(await answerWithin(Promise.resolve(7), 1000, "too slow")).toBe(7);
  });
});
