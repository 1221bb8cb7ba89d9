// Canonical ids at the edge (the conventions of spec/main.tsp): every value the contract declares `format: uuid` — path and query
// parameters and request-body fields — reaches the features as a lowercase plain UUID, so lookups, caches,
// their invalidation and limiter keys all see one form. ajv's `uuid` format also accepts `urn:uuid:<uuid>`,
// which PostgreSQL does not parse: such a value is refused here as the schema refuses braces (422).
// Mounted right after the contract validator, whose `req.openapi` names the operation and its path values.
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { isUuid as isPlainUuid } from "../ids.ts";
import { ValidationFailed, type ValidationIssue } from "./validation.ts";

const NOT_CANONICAL_PATH = /[A-Z%]/;
const COMBINERS = ["allOf", "anyOf", "oneOf"] as const;
const pathOf = (url: string) => {
  const q = url.indexOf("?");
  return q < 0 ? url : url.slice(0, q);
};
const NOT_PLAIN = 'must match format "uuid"';

type Schema = Record<string, unknown>;
interface Operation {
  parameters?: { in?: string; name?: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface OpenApiInfo {
  openApiRoute?: string;
  pathParams?: Record<string, string>;
  schema?: Operation;
}

/** What of one operation holds ids: its uuid path and query parameters, and its JSON body schema. */
interface IdPlaces {
  path: Set<string>;
  query: Set<string>;
  body: Schema | undefined;
  /** Which segments of the route template hold uuid path parameters, and their names (found once). */
  slots?: [number, string][];
}

/** Thrown by the body walk at the first value that is not a plain UUID (rare: a 422 follows). */
class NotPlain {
  constructor(readonly pointer: string) {}
}

type Parameter = NonNullable<Operation["parameters"]>[number];
interface Components {
  schemas?: Record<string, Schema>;
  parameters?: Record<string, Parameter>;
}
/** Nesting past this is not walked (a schema that deep counts as holding ids). */
const MAX_DEPTH = 32;
const SCHEMA_REF = "#/components/schemas/";
const PARAMETER_REF = "#/components/parameters/";

/**
 * Facts about the contract's schema objects, found once per object: a request walks only what can hold an id,
 * and allocates nothing for a value it leaves as it is.
 */
class IdSchemas {
  private derefs = new WeakMap<Schema, Schema | null>();
  private uuids = new WeakMap<Schema, boolean>();
  private holding = new WeakMap<Schema, boolean>();
  private places = new WeakMap<Operation, IdPlaces>();

  constructor(private declared: Components | undefined) {}

  /** Where an operation holds ids: its uuid path and query parameters, and its body schema if that can hold one. */
  placesOf(op: Operation): IdPlaces {
    let p = this.places.get(op);
    if (!p) {
      const params = (op.parameters ?? []).map((x) => this.parameter(x));
      const body = op.requestBody?.content?.["application/json"]?.schema;
      p = {
        path: new Set(params.filter((x) => x.in === "path" && this.isUuid(x.schema)).map((x) => x.name!)),
        query: new Set(params.filter((x) => x.in === "query" && this.isUuid(x.schema)).map((x) => x.name!)),
        body: this.holdsIds(body) ? body : undefined,
      };
      this.places.set(op, p);
    }
    return p;
  }

  /** `value` with every uuid-format string under `schema` lowercased (a copy only where something changes). */
  walk(value: unknown, schema: Schema | undefined, pointer: string, depth: number): unknown {
    const s = this.deref(schema);
    if (!s || depth > MAX_DEPTH || value === null || value === undefined) return value;
    if (typeof value === "string") {
      if (!this.isUuid(s)) return value;
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- a sentinel caught by the caller below, which needs no stack
      if (!isPlainUuid(value)) throw new NotPlain(pointer);
      return value.toLowerCase();
    }
    for (const key of COMBINERS) {
      const branches = s[key] as Schema[] | undefined;
      if (branches) for (const branch of branches) value = this.walk(value, branch, pointer, depth + 1);
    }
    if (Array.isArray(value)) return this.walkItems(value, s, pointer, depth);
    if (typeof value === "object") return this.walkProperties(value as Record<string, unknown>, s, pointer, depth);
    return value;
  }

  private walkItems(value: unknown[], s: Schema, pointer: string, depth: number): unknown[] {
    const items = s.items as Schema | undefined;
    if (!items || !this.holdsIds(items)) return value;
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v = this.walk(value[i], items, `${pointer}/${i}`, depth + 1);
      if (v !== value[i]) (out ??= [...value])[i] = v;
    }
    return out ?? value;
  }

  private walkProperties(value: Record<string, unknown>, s: Schema, pointer: string, depth: number): Record<string, unknown> {
    const props = (s.properties ?? {}) as Record<string, Schema>;
    const extra = typeof s.additionalProperties === "object" ? (s.additionalProperties as Schema) : undefined;
    let out: Record<string, unknown> | undefined;
    for (const k in value) {
      if (!Object.hasOwn(value, k)) continue;
      const sub = props[k] ?? extra;
      if (!sub || !this.holdsIds(sub)) continue;
      const v0 = value[k];
      const v = this.walk(v0, sub, `${pointer}/${k}`, depth + 1);
      if (v !== v0) (out ??= { ...value })[k] = v;
    }
    return out ?? value;
  }

  /** Shared parameters (the space/channel path, paging) are `$ref`s into components.parameters. */
  private parameter(x: Parameter & { $ref?: string }): Parameter {
    if (typeof x.$ref !== "string" || !x.$ref.startsWith(PARAMETER_REF)) return x;
    return this.declared?.parameters?.[x.$ref.slice(PARAMETER_REF.length)] ?? x;
  }

  private deref(s: Schema | undefined): Schema | undefined {
    if (!s || typeof s.$ref !== "string") return s;
    let d = this.derefs.get(s);
    if (d === undefined) this.derefs.set(s, (d = this.resolve(s)));
    return d ?? undefined;
  }

  /** Follows `$ref`s to a schema of components.schemas; null for a cycle or a reference elsewhere. */
  private resolve(s: Schema): Schema | null {
    const seen = new Set<string>();
    let cur: Schema | undefined = s;
    while (cur && typeof cur.$ref === "string") {
      const ref: string = cur.$ref;
      if (seen.has(ref) || !ref.startsWith(SCHEMA_REF)) return null;
      seen.add(ref);
      cur = this.declared?.schemas?.[ref.slice(SCHEMA_REF.length)];
    }
    return cur ?? null;
  }

  private isUuid(s: Schema | undefined): boolean {
    const d = this.deref(s);
    if (!d) return false;
    let u = this.uuids.get(d);
    if (u === undefined) {
      u = d.format === "uuid" || (Array.isArray(d.anyOf) && (d.anyOf as Schema[]).some((x) => this.deref(x)?.format === "uuid"));
      this.uuids.set(d, u);
    }
    return u;
  }

  /** Whether a uuid-format value can occur anywhere under `schema` (a schema on a cycle counts as holding one). */
  private holdsIds(schema: Schema | undefined, depth = 0): boolean {
    const s = this.deref(schema);
    if (!s) return false;
    const known = this.holding.get(s);
    if (known !== undefined) return known;
    if (depth > MAX_DEPTH) return true;
    // On a cycle, the schema being decided counts as holding ids (walking it is always correct, only slower).
    this.holding.set(s, true);
    const subs: Schema[] = [
      ...COMBINERS.flatMap((k) => (s[k] as Schema[] | undefined) ?? []),
      ...Object.values((s.properties ?? {}) as Record<string, Schema>),
      ...(typeof s.items === "object" ? [s.items as Schema] : []),
      ...(typeof s.additionalProperties === "object" ? [s.additionalProperties as Schema] : []),
    ];
    const h = this.isUuid(s) || subs.some((x) => this.holdsIds(x, depth + 1));
    this.holding.set(s, h);
    return h;
  }
}

const refuse = (location: ValidationIssue["location"], path: string) =>
  new ValidationFailed([{ location, path, message: NOT_PLAIN, code: "format" }]);

export function canonicalIds(apiSpec: object): RequestHandler {
  const schemas = new IdSchemas((apiSpec as { components?: Components }).components);
  return (req: Request, _res: Response, next: NextFunction) => {
    const info = (req as Request & { openapi?: OpenApiInfo }).openapi;
    if (!info?.schema || !info.openApiRoute) return next();
    const p = schemas.placesOf(info.schema);
    if (p.path.size > 0) canonicalPath(req, info.openApiRoute, info.pathParams ?? {}, p);
    if (p.query.size > 0) canonicalQuery(req, p.query);
    if (p.body && req.body !== undefined) req.body = canonicalBody(schemas, req.body, p.body);
    next();
  };
}

/** The uuid path parameters checked, and lowercased wherever a later reader takes them from. */
function canonicalPath(req: Request, route: string, values: Record<string, string>, p: IdPlaces): void {
  for (const name of p.path) if (values[name] !== undefined && !isPlainUuid(values[name])) throw refuse("path", `/${name}`);
  p.slots ??= slotsOf(route, p.path);
  // A path with no uppercase letter and no percent-escape already holds every id in its canonical form.
  if (NOT_CANONICAL_PATH.test(pathOf(req.url))) rewritePath(req, p.slots, values);
  // The validator also set `req.params` to its decoded values, and Express merges them into the params of
  // routers mounted with parameters (`/api/spaces/:space_id/bots`): canonical there too.
  for (const name of p.path) if (values[name] !== undefined) values[name] = values[name].toLowerCase();
  const params = req.params as Record<string, string> | undefined;
  if (params && params !== values)
    for (const name of p.path) if (typeof params[name] === "string") params[name] = params[name].toLowerCase();
}

/** The uuid query parameters checked, and lowercased in a copy of the query when one is not. */
function canonicalQuery(req: Request, names: Set<string>): void {
  const query = req.query as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const name of names) {
    const v = query[name];
    if (typeof v !== "string") continue;
    if (!isPlainUuid(v)) throw refuse("query", `/${name}`);
    if (v !== v.toLowerCase()) (copy ??= { ...query })[name] = v.toLowerCase();
  }
  if (copy) setQuery(req, copy);
}

/** The body with its ids lowercased; a 422 at the first that is not a plain UUID. */
function canonicalBody(schemas: IdSchemas, body: unknown, schema: Schema): unknown {
  try {
    return schemas.walk(body, schema, "", 0);
  } catch (err) {
    if (err instanceof NotPlain) throw refuse("body", err.pointer);
    throw err;
  }
}

/** The segments of a route template (`/api/spaces/{space_id}/…`) that are uuid parameters. */
function slotsOf(template: string, names: Set<string>): [number, string][] {
  const slots: [number, string][] = [];
  template.split("/").forEach((segment, i) => {
    const m = /^\{(.+)\}$/.exec(segment);
    if (m && names.has(m[1]!)) slots.push([i, m[1]!]);
  });
  return slots;
}

/**
 * The features' routers take their params from `req.url`, so the canonical form is written there: each segment
 * of the URL that the route template holds as a uuid parameter is lowercased (nothing else is touched).
 */
function rewritePath(req: Request, slots: [number, string][], values: Record<string, string>): void {
  const q = req.url.indexOf("?");
  const segments = (q < 0 ? req.url : req.url.slice(0, q)).split("/");
  let changed = false;
  for (const [i, name] of slots) {
    const value = values[name];
    if (value === undefined || i >= segments.length) continue;
    // The decoded value, already checked to be a plain UUID (so it needs no encoding), in lowercase.
    const lower = value.toLowerCase();
    if (lower !== segments[i]) {
      segments[i] = lower;
      changed = true;
    }
  }
  if (changed) req.url = segments.join("/") + (q < 0 ? "" : req.url.slice(q));
}

/**
 * Express 5 computes `req.query` from the URL in a getter; the validator leaves a writable own property in its
 * place. Either way the canonical copy becomes what every later reader sees.
 */
function setQuery(req: Request, query: Record<string, unknown>): void {
  const own = Object.getOwnPropertyDescriptor(req, "query");
  if (own?.writable) (req as { query: unknown }).query = query;
  else Object.defineProperty(req, "query", { value: query, writable: true, configurable: true, enumerable: true });
}
