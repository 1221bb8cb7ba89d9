// Local command checks: the same 400 texts as the server (compared with the server's own rules, which the
// SDK never imports), the typed builder, and syncCommands that only PUTs when something changed.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { CommandValidationError, command, createBot, normalizeRegistry, type CommandDeclaration, type OptionsOf } from "../src/index.ts";

const opt = (o: Partial<NonNullable<CommandDeclaration["options"]>[number]>) => ({ name: "o", type: "string", description: "d", ...o });
const cmd = (c: Partial<CommandDeclaration>): CommandDeclaration => ({ name: "roll", description: "Roll", ...c });

const bad: [string, CommandDeclaration[]][] = [
  ["duplicate names after normalisation", [cmd({ name: "Roll" }), cmd({ name: " roll " })]],
  ["bad command charset", [cmd({ name: "ro ll" })]],
  ["leading slash", [cmd({ name: "/roll" })]],
  ["empty description after trim", [cmd({ description: "   " })]],
  ["optional before required", [cmd({ options: [opt({ name: "a" }), opt({ name: "b", required: true })] })]],
  ["unknown option type", [cmd({ options: [opt({ type: "float" })] })]],
  ["choices on boolean", [cmd({ options: [opt({ type: "boolean", choices: [{ name: "y", value: "y" }] })] })]],
  ["min on string", [cmd({ options: [opt({ min: 1 })] })]],
  ["min above max", [cmd({ options: [opt({ type: "integer", min: 5, max: 1 })] })]],
  ["choice value of the wrong type", [cmd({ options: [opt({ type: "integer", choices: [{ name: "a", value: 1.5 }] })] })]],
  ["duplicate option", [cmd({ options: [opt({ name: "x" }), opt({ name: "X" })] })]],
  ["bad option charset", [cmd({ options: [opt({ name: "a.b" })] })]],
];

describe("local command checks", () => {
  // The rules are the server's own module (command-rules/); the server's HTTP tests pin each 400 text.
  it.each(bad)("%s: refused before any request", (_what, decls) => {
    expect(() => normalizeRegistry(decls)).toThrow(CommandValidationError);
  });

  it("names the rule with the server's text", () => {
    expect(() => normalizeRegistry([cmd({ options: [opt({ type: "String" })] })])).toThrow(new CommandValidationError("bad option type"));
  });

  it("refuses what the server's schema answers with 422 (lengths and counts)", () => {
    for (const decls of [
      [cmd({ name: "x".repeat(33) })],
      [cmd({ name: "" })],
      [cmd({ description: "d".repeat(101) })],
      [cmd({ options: Array.from({ length: 26 }, (_, i) => opt({ name: `o${i}` })) })],
      Array.from({ length: 101 }, (_, i) => cmd({ name: `c${i}` })),
      [cmd({ options: [opt({ choices: Array.from({ length: 26 }, (_, i) => ({ name: `${i}`, value: `${i}` })) })] })],
    ])
      expect(() => normalizeRegistry(decls)).toThrow(CommandValidationError);
  });

  it("normalises like the server: names lowercased, descriptions trimmed, choice names cut to 100", () => {
    const decls = [
      cmd({
        name: " Roll ",
        description: " Roll dice ",
        options: [opt({ name: "Side", type: "integer", required: true, choices: [{ name: "n".repeat(150), value: 6 }] })],
      }),
    ];
    expect(normalizeRegistry(decls)).toEqual([
      {
        name: "roll",
        description: "Roll dice",
        options: [{ name: "side", type: "integer", description: "d", required: true, choices: [{ name: "n".repeat(100), value: 6 }] }],
      },
    ]);
  });
});

describe("builder", () => {
  const roll = command("roll", "Roll dice")
    .integer("sides", { description: "Sides", required: true, min: 2, max: 1000 })
    .integer("count", { description: "Dice", min: 1, max: 10 })
    .boolean("private", { description: "Only you see it" });

  it("builds the plain declaration and types the options", () => {
    expect(roll.toJSON()).toEqual({
      name: "roll",
      description: "Roll dice",
      options: [
        { name: "sides", type: "integer", description: "Sides", required: true, min: 2, max: 1000 },
        { name: "count", type: "integer", description: "Dice", min: 1, max: 10 },
        { name: "private", type: "boolean", description: "Only you see it" },
      ],
    });
    const options: OptionsOf<typeof roll> = { sides: 6 };
    // @ts-expect-error sides is required and a number
    const wrong: OptionsOf<typeof roll> = { sides: "6" };
    expect([options, wrong]).toHaveLength(2);
  });
});

describe("syncCommands", () => {
  const mock = setupServer();
  beforeAll(() => mock.listen({ onUnhandledRequest: "error" }));
  afterAll(() => mock.close());
  afterEach(() => mock.resetHandlers());
  const bot = createBot({ baseUrl: "http://parley.test", token: `bot_${"b".repeat(48)}` });
  const roll = command("Roll", " Roll dice ").integer("sides", { description: "Sides", required: true, min: 2, max: 1000 });
  const registered = [
    {
      name: "roll",
      description: "Roll dice",
      options: [{ max: 1000, min: 2, required: true, description: "Sides", type: "integer", name: "sides" }],
      version: 3,
      enabled: false,
    },
  ];

  function server(list: object[]) {
    const puts: unknown[] = [];
    mock.use(
      http.get("http://parley.test/api/bot/commands", () => HttpResponse.json(list)),
      http.put("http://parley.test/api/bot/commands", async ({ request }) => {
        puts.push(await request.json());
        return HttpResponse.json(registered);
      }),
    );
    return puts;
  }

  it("is a no-op when the registry already matches (key order, case and whitespace aside)", async () => {
    const puts = server(registered);
    expect(await bot.commands.sync([roll])).toEqual({ changed: false, commands: registered });
    expect(puts).toEqual([]);
  });

  it("PUTs when a description, an option or the set of commands differs", async () => {
    for (const list of [
      [],
      [{ ...registered[0], description: "Other" }],
      [{ ...registered[0], options: [] }],
      [...registered, { name: "x", description: "x", options: [], version: 1, enabled: true }],
    ]) {
      const puts = server(list);
      const r = await bot.commands.sync([roll]);
      expect(r.changed).toBe(true);
      expect(puts).toEqual([
        {
          commands: [
            {
              name: "Roll",
              description: " Roll dice ",
              options: [{ name: "sides", type: "integer", description: "Sides", required: true, min: 2, max: 1000 }],
            },
          ],
        },
      ]);
    }
  });

  it("refuses an invalid registry before any request", async () => {
    const puts = server(registered);
    await expect(bot.commands.sync([cmd({ name: "a b" })])).rejects.toThrow('invalid command name: "a b" (allowed: a-z, 0-9, _ and -)');
    await expect(bot.commands.put([cmd({ options: [opt({ name: "a" }), opt({ name: "b", required: true })] })])).rejects.toThrow(
      "required options must come before optional ones",
    );
    expect(puts).toEqual([]);
  });
});
