// Requests made from generated/openapi.yaml for every operation it declares, with the operation's authentication
// and the ids of real resources (and random ones): valid requests, and valid ones with one thing made odd (a NUL
// character, a number no column holds, a wrong type, no body, an empty or broken body, a Content-Encoding that
// does not match, a malformed `%` escape, headers too large). Fails on any 5xx, on any status the document does
// not declare for the operation, and (the server validates its responses here: VALIDATE_RESPONSES) on any
// answer off its schema, which the server turns into a 500. Deterministic: CONTRACT_SEED picks the values
// (printed with each failure).
import { brotliCompressSync, gzipSync } from "node:zlib";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { loadContract } from "../server/src/contract.ts";
import { useTestServer } from "./helpers/server.ts";
import { api, rawRequest, type RawReply } from "./helpers/http.ts";
import { registerUser, type TestUser } from "./helpers/users.ts";
import { installBot } from "./helpers/interactions.ts";
import { schemaArbitraries, type Schema } from "./helpers/schema-arbitrary.ts";

const SEED = Number(process.env.CONTRACT_SEED ?? 27);
/** CONTRACT_VERBOSE=1 prints every answer's status, per operation. */
const VERBOSE = process.env.CONTRACT_VERBOSE === "1";

interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  operationId: string;
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, unknown>;
  security?: Record<string, unknown>[];
}
interface Endpoint {
  method: string;
  template: string;
  op: Operation;
  params: Parameter[];
  body?: Schema;
  auth: "user" | "bot" | "none";
}

const doc = loadContract() as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; parameters?: Record<string, Parameter> };
};
const arbitraries = schemaArbitraries(doc.components.schemas);
const METHODS = ["get", "post", "put", "patch", "delete"];

const endpoints: Endpoint[] = Object.entries(doc.paths)
  .flatMap(([template, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]): Endpoint => {
        const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
        return {
          method: method.toUpperCase(),
          template,
          op,
          params: (op.parameters ?? []).map((p) =>
            "$ref" in p ? doc.components.parameters![p.$ref.replace("#/components/parameters/", "")]! : p,
          ),
          body: op.requestBody?.content["application/json"]?.schema,
          auth: schemes.includes("BotAuth") ? "bot" : schemes.includes("BearerAuth") ? "user" : "none",
        };
      }),
  )
  // Reads first, then writes, then deletes (a resource's parts before the resource), so that the real ids stay
  // real for as long as possible.
  .sort((a, b) => phase(a) - phase(b) || (a.method === "DELETE" ? b.template.length - a.template.length : 0));

function phase(e: Endpoint): number {
  if (e.method === "GET") return 0;
  if (e.method !== "DELETE" && !/\/(logout|leave|suspend|rotate)\b/.test(e.template)) return 1;
  return 2;
}

/** A small PRNG for the choices (which field, which odd value); fast-check makes the values themselves. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hash = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, SEED);
const one = <T>(arb: fc.Arbitrary<T>, seed: number): T => fc.sample(arb, { seed, numRuns: 1 })[0]!;

/** One request as sent, and what it is for the failure report. */
interface Attempt {
  what: string;
  /** Input the contract refuses: any 2xx is a failure. */
  refuse: boolean;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** A JSON body with raw number texts put where the markers are (JSON.stringify cannot write 1e400 or 2^63). */
const RAW = "\u0001raw\u0001";
function jsonBytes(value: unknown, raws: string[] = []): Buffer {
  let text = JSON.stringify(value);
  raws.forEach((r, i) => (text = text.replace(JSON.stringify(`${RAW}${i}`), r)));
  return Buffer.from(text);
}

type Leaf = (string | number)[];
/** Every place in a JSON value (the root too), as key paths. */
function placesIn(value: unknown, at: Leaf = []): { path: Leaf; value: unknown }[] {
  const here = [{ path: at, value }];
  if (Array.isArray(value)) return here.concat(value.flatMap((v, i) => placesIn(v, [...at, i])));
  if (value !== null && typeof value === "object") return here.concat(Object.entries(value).flatMap(([k, v]) => placesIn(v, [...at, k])));
  return here;
}
function replaced(value: unknown, path: Leaf, by: unknown): unknown {
  if (path.length === 0) return by;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[path[0]!] = replaced(copy[path[0]!], path.slice(1), by);
  return copy;
}

const server = useTestServer({ env: { RATE_LIMIT_MULTIPLIER: "1000", SIGNUP_LIMIT_PER_HOUR: "100000", LOG_LEVEL: "warn" } });

interface World {
  owner: TestUser;
  other: TestUser;
  botId: string;
  botToken: string;
  ids: Record<string, string>;
  voiceId: string;
}
let world: World;

beforeAll(async () => {
  const url = server().url;
  const http = api(url);
  const [owner, other, stranger] = await Promise.all([registerUser(url), registerUser(url), registerUser(url)]);
  const space = (await http.post("/api/spaces", { name: "contract", visibility: "public" }, { token: owner.token })).body;
  const channels = (await http.get(`/api/spaces/${space.id}/channels`, { token: owner.token })).body as { id: string; type: string }[];
  const general = channels.find((c) => c.type === "text")!;
  const voice = channels.find((c) => c.type === "voice")!;
  await http.post(`/api/spaces/${space.id}/join`, undefined, { token: other.token });
  const members = (await http.get(`/api/spaces/${space.id}/members`, { token: owner.token })).body as {
    member_id: string;
    user_id: string;
  }[];
  const secret = (await http.post("/api/spaces", { name: "contract private", visibility: "private" }, { token: owner.token })).body;
  const request = (await http.post(`/api/spaces/${secret.id}/request`, { message: "let me in" }, { token: stranger.token })).body;
  const bot = await installBot(server(), owner, space.id, {
    channels: [general.id],
    scopes: ["commands", "messages.send", "messages.react", "messages.delete.own", "moderation.messages"],
  });
  const webhook = (
    await http.post(`/api/bots/${bot.id}/webhooks`, { url: "http://127.0.0.1:9/hook", events: ["message.created"] }, { token: owner.token })
  ).body;
  await http.post(`/api/bots/${bot.id}/webhooks/${webhook.id}/ping`, undefined, { token: owner.token });
  const deliveries = (await http.get(`/api/bots/${bot.id}/webhooks/${webhook.id}/deliveries`, { token: owner.token })).body;
  const message = (await http.post(`/api/chat/${space.id}/${general.id}/messages`, { ciphertext: "aGVsbG8=" }, { token: owner.token }))
    .body;
  await http.post(`/api/users/friends/add/${other.username}`, undefined, { token: owner.token });
  await http.post(`/api/users/friends/add/${owner.username}`, undefined, { token: other.token });
  world = {
    owner,
    other,
    botId: bot.id,
    botToken: bot.token,
    voiceId: voice.id,
    ids: {
      space_id: space.id,
      channel_id: general.id,
      message_id: message.id,
      member_id: members.find((m) => m.user_id === other.id)!.member_id,
      bot_id: bot.id,
      bot_user_id: bot.id,
      webhook_id: webhook.id,
      delivery_id: deliveries[0]?.id ?? "0190a4a1-0000-7000-8000-000000000000",
      invite_code: space.invite_code,
      request_id: request.request_id,
      user_id: other.id,
      username: other.username,
      device_id: owner.deviceId,
      name: "ping",
    },
  };
  for (const [name, value] of Object.entries(world.ids)) expect(value, name).toBeTruthy();
}, 60_000);

/** Gets the owner's and the bot's credentials back when an operation (logout, a token rotation) spent them. */
async function keepCredentials(): Promise<void> {
  const http = api(server().url);
  if ((await http.get("/api/users/me", { token: world.owner.token })).status === 401) {
    const login = await http.post("/api/auth/login", { login: world.owner.email, password: world.owner.password });
    world.owner.token = login.body.access_token;
  }
  if ((await http.get("/api/bot/commands", { bot: world.botToken })).status === 401) {
    const rotated = await http.post(`/api/bots/${world.botId}/token/rotate`, undefined, { token: world.owner.token });
    if (rotated.status === 200) world.botToken = rotated.body.token;
  }
}

function authHeader(e: Endpoint): Record<string, string> {
  if (e.auth === "user") return { authorization: `Bearer ${world.owner.token}` };
  if (e.auth === "bot") return { authorization: `Bot ${world.botToken}` };
  return {};
}

/** Path and query of one request: `pathValues` as given (already encoded), the query as name → raw text. */
function target(e: Endpoint, pathValues: Record<string, string>, query: [string, string][]): string {
  const path = e.template.replace(/\{([^}]+)\}/g, (_, name: string) => pathValues[name]!);
  return query.length ? `${path}?${query.map(([k, v]) => `${k}=${v}`).join("&")}` : path;
}

/** Every request made for one operation. */
function attemptsFor(e: Endpoint, seed: number): Attempt[] {
  const random = prng(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)]!;
  let n = 0;
  const value = (schema: Schema | undefined, full = false) => one(arbitraries.valueOf(schema, { full }), seed + ++n);

  const pathParams = e.params.filter((p) => p.in === "path");
  // A path parameter is never empty (an empty one is another route's path).
  const pathValue = (p: Parameter) => String(value(p.schema)) || "x";
  const queryParams = e.params.filter((p) => p.in === "query");
  const realPath = Object.fromEntries(
    pathParams.map((p) => {
      const real = p.name === "channel_id" && e.template.includes("/voice/") ? world.voiceId : world.ids[p.name];
      return [p.name, encodeURIComponent(real ?? pathValue(p))];
    }),
  );
  const validQuery = (): [string, string][] =>
    queryParams.filter((p) => p.required || random() < 0.7).map((p) => [p.name, encodeURIComponent(String(value(p.schema)))]);
  const auth = authHeader(e);
  const json = { "content-type": "application/json" };
  const attempts: Attempt[] = [];
  const add = (
    what: string,
    o: { path?: Record<string, string>; query?: [string, string][]; headers?: Record<string, string>; body?: Buffer; refuse?: boolean },
  ) =>
    attempts.push({
      what,
      refuse: o.refuse ?? false,
      method: e.method,
      path: target(e, o.path ?? realPath, o.query ?? validQuery()),
      headers: { ...auth, ...(o.body ? { ...json, "content-length": String(o.body.length) } : {}), ...o.headers },
      body: o.body,
    });
  const validBody = () => (e.body ? jsonBytes(value(e.body)) : undefined);

  add("valid", { body: validBody() });
  if (e.body || queryParams.length) add("valid, every property", { body: e.body ? jsonBytes(value(e.body, true)) : undefined });
  if (pathParams.length)
    add("random ids", {
      path: Object.fromEntries(pathParams.map((p) => [p.name, encodeURIComponent(pathValue(p))])),
      body: validBody(),
    });
  if (e.auth !== "none") {
    add("no credentials", { headers: { authorization: "" }, body: validBody() });
    if (random() < 0.5)
      add("a malformed token", {
        headers: { authorization: e.auth === "bot" ? "Bot bot_nope" : "Bearer nope.nope.nope" },
        body: validBody(),
      });
    else
      add("the other kind of credentials", {
        headers: { authorization: e.auth === "bot" ? `Bearer ${world.owner.token}` : `Bot ${world.botToken}` },
        body: validBody(),
      });
  }
  // Odd things that every operation meets the same way (the HTTP layer) are tried on some operations each run.
  if (random() < 0.2) add("headers too large", { headers: { "x-padding": "x".repeat(20_000) }, refuse: true });

  for (const p of pathParams) {
    for (const odd of ["abc%00", pick(["%E0%A4%A", "%", "%ZZ"])])
      add(`path ${p.name}=${odd}`, { path: { ...realPath, [p.name]: odd }, body: validBody(), refuse: true });
    const long = pick([encodeURIComponent(`urn:uuid:${crypto.randomUUID()}`), "x".repeat(300)]);
    add(`path ${p.name}=${long.slice(0, 20)}…`, { path: { ...realPath, [p.name]: long }, body: validBody() });
    const real = realPath[p.name]!;
    if (real !== real.toUpperCase())
      add(`path ${p.name} in uppercase`, { path: { ...realPath, [p.name]: real.toUpperCase() }, body: validBody() });
  }
  for (const p of queryParams) {
    const others = validQuery().filter(([k]) => k !== p.name);
    const numeric = ["integer", "number"].includes(arbitraries.deref(p.schema)?.type);
    const odd = pick(["Infinity", "-Infinity", "NaN", "1e300", "9223372036854775808", "-1", "abc", "", "%ZZ", "1.5"]);
    const refused = odd === "%ZZ" || (numeric && ["Infinity", "-Infinity", "NaN", "1e300", "9223372036854775808", "abc"].includes(odd));
    add(`query ${p.name}=${odd}`, { query: [...others, [p.name, odd]], body: validBody(), refuse: refused });
    add(`query ${p.name}=a%00b`, { query: [...others, [p.name, "a%00b"]], body: validBody(), refuse: true });
    if (random() < 0.3) add(`query ${p.name} twice`, { query: [...others, [p.name, "1"], [p.name, "2"]], body: validBody() });
  }
  add("an undeclared query parameter", { query: [...validQuery(), ["nothing_here", "1"]], body: validBody() });

  if (e.body) {
    const base = value(e.body, true);
    const places = placesIn(base);
    const strings = places.filter((x) => typeof x.value === "string");
    const numbers = places.filter((x) => typeof x.value === "number");
    const nulAt = strings.length ? pick(strings).path : [pick(places).path.length ? pick(places).path[0]! : "x"];
    add(`body ${nulAt.join("/")} with a NUL`, {
      body: jsonBytes(replaced(base, nulAt, `a\u0000${String(pick(strings)?.value ?? "")}`)),
      refuse: true,
    });
    const at = (numbers.length ? pick(numbers) : pick(places)).path;
    for (const big of [pick(["1e300", "9223372036854775808", "-9223372036854775809"]), pick(["1e400", "0.5", "-0"])])
      add(`body ${at.join("/")}=${big}`, { body: jsonBytes(replaced(base, at, `${RAW}0`), [big]) });
    const spot = pick(places.filter((x) => x.path.length > 0).concat(places.slice(0, 1)));
    const wrong =
      typeof spot.value === "string"
        ? 12
        : typeof spot.value === "number"
          ? "12"
          : Array.isArray(spot.value)
            ? { a: 1 }
            : spot.value === null
              ? []
              : "x";
    add(`body ${spot.path.join("/")} of the wrong type`, { body: jsonBytes(replaced(base, spot.path, wrong)) });
    const required = Boolean(e.op.requestBody?.required);
    const root = pick([[], "x", 42, null]);
    add(`body ${JSON.stringify(root)}`, { body: jsonBytes(root), refuse: required && arbitraries.deref(e.body)?.type === "object" });
    add("no body at all", { headers: {}, refuse: required });
    add("no body, as JSON", { headers: json, refuse: required });
    add("an empty body", { headers: { ...json, "content-length": "0" }, body: Buffer.alloc(0), refuse: required });
    add("broken JSON", { body: Buffer.from('{"a":'), refuse: true });
    const plain = jsonBytes(base);
    for (const encoding of [pick(["gzip", "br", "deflate"]), pick(["compress", "identity, gzip", "zstd"])])
      add(`plain body as Content-Encoding ${encoding}`, { headers: { "content-encoding": encoding }, body: plain, refuse: true });
    const encoded = jsonBytes(value(e.body));
    if (random() < 0.5) add("a gzip body", { headers: { "content-encoding": "gzip" }, body: gzipSync(encoded) });
    else add("a br body", { headers: { "content-encoding": "br" }, body: brotliCompressSync(encoded) });
    const type = pick(["text/plain", "application/xml", "application/x-www-form-urlencoded"]);
    add(`Content-Type ${type}`, { headers: { "content-type": type }, body: validBody(), refuse: true });
    if (random() < 0.2) add("a body over 1 MiB", { body: jsonBytes({ pad: "x".repeat(1_100_000) }), refuse: true });
  } else {
    if (random() < 0.5) add("a body where none is declared", { body: jsonBytes({ a: "b\u0000" }) });
    else add("a broken gzip body where none is declared", { headers: { "content-encoding": "gzip" }, body: Buffer.from("{}") });
  }
  return attempts;
}

function problem(e: Endpoint, a: Attempt, r: RawReply): string | undefined {
  const declared = Object.keys(e.op.responses);
  if (r.status >= 500) return `${r.status} ${r.text.slice(0, 300)}`;
  if (!declared.includes(String(r.status)) && !declared.includes("default"))
    return `${r.status} not declared (${declared.join(", ")}) ${r.text.slice(0, 200)}`;
  if (a.refuse && r.status < 300) return `${r.status}: accepted`;
  return undefined;
}

describe(`every operation of the contract (seed ${SEED})`, () => {
  for (const e of endpoints) {
    it(`${e.method} ${e.template}`, async () => {
      const seed = hash(`${e.method} ${e.template}`);
      const failures: string[] = [];
      const seen: string[] = [];
      const attempts = attemptsFor(e, seed);
      // The valid request first (it may use up what it acts on), then the odd ones a few at a time.
      const send = async (a: Attempt) => {
        const r = await rawRequest(server().url, a.method, a.path, a.headers, a.body);
        if (VERBOSE) seen.push(`${r.status} ${a.what}`);
        const p = problem(e, a, r);
        if (p) failures.push(`${a.what}: ${a.method} ${a.path.slice(0, 160)} → ${p}`);
      };
      await send(attempts[0]!);
      const rest = attempts.slice(1);
      await Promise.all(
        Array.from({ length: 6 }, async () => {
          for (let a = rest.shift(); a; a = rest.shift()) await send(a);
        }),
      );
      if (VERBOSE) console.log(`${e.method} ${e.template}\n  ${seen.sort().join("\n  ")}`);
      await keepCredentials();
      expect(failures.sort(), `CONTRACT_SEED=${SEED}`).toEqual([]);
    });
  }
});
