// Every operation's authentication is the one its `security` declares in generated/openapi.yaml: read off the
// document here, independently of the server's own reading, and checked over HTTP with a request the contract's
// validator accepts (it runs before authentication), sent without credentials and with the other kind.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { loadContract } from "../../contract.ts";
import { useTestServer } from "../../../../test/helpers/server.ts";
import { rawRequest, type RawReply } from "../../../../test/helpers/http.ts";
import { registerUser } from "../../../../test/helpers/users.ts";
import { createBot } from "../../../../test/helpers/bots.ts";
import { schemaArbitraries, type Schema } from "../../../../test/helpers/schema-arbitrary.ts";

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: Record<string, string[]>[];
}

const doc = loadContract() as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; parameters: Record<string, Parameter> };
};
const arbitraries = schemaArbitraries(doc.components.schemas);
const sample = (schema: Schema | undefined, seed: number) => fc.sample(arbitraries.valueOf(schema), { seed, numRuns: 1 })[0];

/** What each kind of route answers a request without its credentials. */
const REFUSAL = {
  user: { status: 401, body: { detail: "not authenticated" } },
  bot: { status: 401, body: { detail: "Bot token required" } },
} as const;
/** `user`, `bot` or `open`; any other security is written out, for the test that expects none. */
function authOf(security: Operation["security"]): string {
  const schemes = (security ?? []).flatMap((s) => Object.keys(s));
  if (schemes.length === 0) return "open";
  if (schemes.length === 1 && schemes[0] === "BearerAuth") return "user";
  if (schemes.length === 1 && schemes[0] === "BotAuth") return "bot";
  return JSON.stringify(security);
}

const operations = Object.entries(doc.paths).flatMap(([template, item]) =>
  Object.entries(item)
    .filter(([method]) => ["get", "put", "post", "patch", "delete"].includes(method))
    .map(([method, op], i) => ({ method: method.toUpperCase(), template, op, auth: authOf(op.security), seed: template.length * 31 + i })),
);

/** A request the contract accepts: every path parameter, the required query parameters and the body. */
function validRequest(template: string, op: Operation, seed: number): { path: string; body?: Buffer } {
  const params = (op.parameters ?? []).map((p) => ("$ref" in p ? doc.components.parameters[p.$ref.split("/").pop()!]! : p));
  const value = (p: Parameter) => encodeURIComponent(String(sample(p.schema, seed)) || "x");
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => value(params.find((p) => p.name === name)!));
  const query = params.filter((p) => p.in === "query" && p.required).map((p) => `${p.name}=${value(p)}`);
  const schema = op.requestBody?.content["application/json"]?.schema;
  return { path: query.length ? `${path}?${query.join("&")}` : path, body: schema && Buffer.from(JSON.stringify(sample(schema, seed))) };
}

const server = useTestServer({ env: { RATE_LIMIT_MULTIPLIER: "1000", SIGNUP_LIMIT_PER_HOUR: "100000", LOG_LEVEL: "warn" } });
let userToken: string;
let botToken: string;

beforeAll(async () => {
  const owner = await registerUser(server().url);
  userToken = owner.token;
  botToken = (await createBot(server().url, owner.token)).token;
});

const send = (method: string, request: { path: string; body?: Buffer }, authorization?: string): Promise<RawReply> =>
  rawRequest(
    server().url,
    method,
    request.path,
    {
      ...(authorization ? { authorization } : {}),
      ...(request.body ? { "content-type": "application/json", "content-length": String(request.body.length) } : {}),
    },
    request.body,
  );

const refusal = (r: RawReply) => ({ status: r.status, body: r.body as unknown });

describe("each operation asks for the credentials its security declares", () => {
  it("knows every scheme the contract uses", () => {
    expect(operations.filter((o) => !["open", "user", "bot"].includes(o.auth)).map((o) => `${o.method} ${o.template}`)).toEqual([]);
  });

  for (const { method, template, op, auth, seed } of operations) {
    it(`${method} ${template}: ${auth}`, async () => {
      const request = validRequest(template, op, seed);
      const none = await send(method, request);
      if (auth === "user") {
        expect(refusal(none), none.text).toEqual(REFUSAL.user);
        // A bot's token is not a user's.
        expect(refusal(await send(method, request, `Bot ${botToken}`))).toEqual(REFUSAL.user);
      } else if (auth === "bot") {
        expect(refusal(none), none.text).toEqual(REFUSAL.bot);
        expect(refusal(await send(method, request, `Bearer ${userToken}`))).toEqual(REFUSAL.bot);
      } else {
        // Open: no credentials asked for, and a bad one is not even read. (A refusal the operation does not
        // declare would be a 500 here: the test server validates its answers.)
        for (const r of [none, await send(method, request, "Bearer nope.nope.nope")]) {
          expect(r.status, r.text).toBeLessThan(500);
          expect([REFUSAL.user, REFUSAL.bot], r.text).not.toContainEqual(refusal(r));
        }
      }
    });
  }
});
