// Results in batches (results.ts) and the finished body made without a parse (privacy.ts finishedBodyOf). The
// batcher runs against a stand-in for the database that counts statements and holds each one until
// told, so what is written together, and when each caller hears of its commit, is seen exactly.
import type { Knex } from "knex";
import { describe, expect, it } from "vitest";
import { envelopeBody } from "./events.ts";
import { finishedBodyOf, redactFinishedBody } from "./privacy.ts";
import { DeliveredBatcher } from "./results.ts";

/**
 * A Knex look-alike for platform/prepared.ts: `db.raw(...)` runs when awaited, records the statement's ids and
 * answers when `commit()` is called.
 */
function fakeDb() {
  const statements: string[][] = [];
  const pending: (() => void)[] = [];
  const raw = (_sql: string, values: unknown[]) => {
    const run = () =>
      new Promise<{ rows: never[] }>((resolve) => {
        statements.push(values[0] as string[]);
        pending.push(() => resolve({ rows: [] }));
      });
    const query = {
      options: () => query,
      then: (ok: (v: { rows: never[] }) => unknown, fail: (e: unknown) => unknown) => run().then(ok, fail),
    };
    return query;
  };
  const db = { isTransaction: false, client: {}, raw } as unknown as Knex;
  return { db, statements, commit: () => pending.splice(0).forEach((r) => r()) };
}

const item = (id: string) => ({ id, statusCode: 200, body: "{}" });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("DeliveredBatcher", () => {
  it("without a linger: the first result is written at once, those arriving meanwhile together next", async () => {
    const { db, statements, commit } = fakeDb();
    const b = new DeliveredBatcher(db);
    const first = b.record(item("a"));
    await sleep(0);
    expect(statements).toEqual([["a"]]);
    const rest = [b.record(item("b")), b.record(item("c"))];
    commit();
    await first;
    await sleep(0);
    expect(statements).toEqual([["a"], ["b", "c"]]);
    commit();
    await Promise.all(rest);
  });

  it("with a linger: results within it share one statement, and each caller hears only once it is committed", async () => {
    const { db, statements, commit } = fakeDb();
    const b = new DeliveredBatcher(db, 40);
    let settled = 0;
    const all = ["a", "b", "c"].map((id) => b.record(item(id)).then(() => void settled++));
    await sleep(10);
    expect(statements).toEqual([]);
    await sleep(60);
    expect(statements).toEqual([["a", "b", "c"]]);
    expect(settled).toBe(0);
    commit();
    await Promise.all(all);
    expect(settled).toBe(3);
    // The next one lingers again.
    const d = b.record(item("d"));
    await sleep(10);
    expect(statements).toHaveLength(1);
    await sleep(60);
    expect(statements).toEqual([["a", "b", "c"], ["d"]]);
    commit();
    await d;
  });
});

describe("finishedBodyOf", () => {
  it("is redactFinishedBody of the envelope's text, byte for byte; other events keep their body", () => {
    const invoked = {
      id: "d1",
      type: "command.invoked",
      space_id: "s",
      delivered_at: "2026-11-24T04:00:00.000Z",
      bot_user_id: "b",
      data: {
        target_bot_user_id: "b",
        interaction_id: "i",
        interaction_token: "tok.en",
        channel_id: "c",
        actor_user_id: "u",
        command: "roll",
        options: { sides: 6, label: "héllo ✓" },
        command_version: 1,
        created_at: "2026-11-24T04:00:00.000Z",
      },
    };
    const body = envelopeBody(invoked as never);
    const finished = finishedBodyOf(invoked, body);
    expect(finished).toBe(redactFinishedBody("command.invoked", body));
    expect(finished).not.toContain("héllo");
    expect(finished).not.toContain("tok.en");
    expect(invoked.data.options).toEqual({ sides: 6, label: "héllo ✓" }); // the event itself is left alone
    const message = { ...invoked, type: "message.created", data: { content: "hi" } };
    const text = envelopeBody(message as never);
    expect(finishedBodyOf(message, text)).toBe(text);
  });
});
