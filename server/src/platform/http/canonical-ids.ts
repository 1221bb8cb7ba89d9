// Canonical ids at the edge (CONTRACT 1): every value the contract declares `format: uuid` — path and query
// parameters and request-body fields — reaches the features as a lowercase plain UUID, so lookups, caches,
// their invalidation and limiter keys all see one form. ajv's `uuid` format also accepts `urn:uuid:<uuid>`,
// which PostgreSQL does not parse: such a value is refused here as the schema refuses braces (422).
// Mounted right after the contract validator, whose `req.openapi` names the operation and its path values.
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { ValidationFailed, type ValidationIssue } from "./validation.ts";

const PLAIN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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

/** `req.body` after canonicalisation: the value to use, or the pointer of a value that is not a plain UUID. */
type Walked = { ok: true; value: unknown } | { ok: false; pointer: string };

export function canonicalIds(apiSpec: object): RequestHandler {
  type Parameter = NonNullable<Operation["parameters"]>[number];
  const declared = (apiSpec as { components?: { schemas?: Record<string, Schema>; parameters?: Record<string, Parameter> } }).components;
  const components = (declared?.schemas ?? {}) as Record<string, Schema>;
  // Shared parameters (the space/channel path, paging) are `$ref`s into components.parameters.
  const parameter = (x: Parameter & { $ref?: string }): Parameter =>
    typeof x.$ref === "string" && x.$ref.startsWith("#/components/parameters/") ? (declared?.parameters?.[x.$ref.slice(24)] ?? x) : x;
  const places = new WeakMap<Operation, IdPlaces>();

  const deref = (s: Schema | undefined): Schema | undefined => {
    const seen = new Set<string>();
    while (s && typeof s.$ref === "string") {
      const ref = s.$ref;
      if (seen.has(ref) || !ref.startsWith("#/components/schemas/")) return undefined;
      seen.add(ref);
      s = components[ref.slice("#/components/schemas/".length)];
    }
    return s;
  };

  const isUuid = (s: Schema | undefined) => {
    const d = deref(s);
    return d?.format === "uuid" || (Array.isArray(d?.anyOf) && (d.anyOf as Schema[]).some((x) => deref(x)?.format === "uuid"));
  };

  const placesOf = (op: Operation): IdPlaces => {
    let p = places.get(op);
    if (!p) {
      const params = (op.parameters ?? []).map(parameter);
      p = {
        path: new Set(params.filter((x) => x.in === "path" && isUuid(x.schema)).map((x) => x.name!)),
        query: new Set(params.filter((x) => x.in === "query" && isUuid(x.schema)).map((x) => x.name!)),
        body: op.requestBody?.content?.["application/json"]?.schema,
      };
      places.set(op, p);
    }
    return p;
  };

  /** Lowercases every uuid-format string of `value` under `schema` (a copy only where something changes). */
  const walk = (value: unknown, schema: Schema | undefined, pointer: string, depth: number): Walked => {
    const s = deref(schema);
    if (!s || depth > 32 || value === null || value === undefined) return { ok: true, value };
    if (typeof value === "string") {
      if (!isUuid(s)) return { ok: true, value };
      return PLAIN.test(value) ? { ok: true, value: value.toLowerCase() } : { ok: false, pointer };
    }
    for (const key of ["allOf", "anyOf", "oneOf"] as const) {
      for (const branch of (s[key] as Schema[] | undefined) ?? []) {
        const r = walk(value, branch, pointer, depth + 1);
        if (!r.ok) return r;
        value = r.value;
      }
    }
    if (Array.isArray(value)) {
      const items = s.items as Schema | undefined;
      if (!items) return { ok: true, value };
      let out: unknown[] | undefined;
      for (let i = 0; i < value.length; i++) {
        const r = walk(value[i], items, `${pointer}/${i}`, depth + 1);
        if (!r.ok) return r;
        if (r.value !== value[i]) (out ??= [...value])[i] = r.value;
      }
      return { ok: true, value: out ?? value };
    }
    if (typeof value === "object") {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const extra = typeof s.additionalProperties === "object" ? (s.additionalProperties as Schema) : undefined;
      let out: Record<string, unknown> | undefined;
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        const sub = props[k] ?? extra;
        if (!sub) continue;
        const r = walk(v, sub, `${pointer}/${k}`, depth + 1);
        if (!r.ok) return r;
        if (r.value !== v) (out ??= { ...(value as Record<string, unknown>) })[k] = r.value;
      }
      return { ok: true, value: out ?? value };
    }
    return { ok: true, value };
  };

  const refuse = (location: ValidationIssue["location"], path: string) =>
    new ValidationFailed([{ location, path, message: NOT_PLAIN, code: "format" }]);

  return (req: Request, _res: Response, next: NextFunction) => {
    const info = (req as Request & { openapi?: OpenApiInfo }).openapi;
    if (!info?.schema || !info.openApiRoute) return next();
    const p = placesOf(info.schema);

    if (p.path.size > 0) {
      const values = info.pathParams ?? {};
      for (const name of p.path) if (values[name] !== undefined && !PLAIN.test(values[name])) throw refuse("path", `/${name}`);
      p.slots ??= slotsOf(info.openApiRoute, p.path);
      rewritePath(req, p.slots, values);
      // The validator also set `req.params` to its decoded values, and Express merges them into the params of
      // routers mounted with parameters (`/api/spaces/:space_id/bots`): canonical there too.
      for (const name of p.path) if (values[name] !== undefined) values[name] = values[name].toLowerCase();
      const params = req.params as Record<string, string> | undefined;
      if (params && params !== values) for (const name of p.path) if (typeof params[name] === "string") params[name] = params[name].toLowerCase();
    }

    if (p.query.size > 0) {
      const query = req.query as Record<string, unknown>;
      let copy: Record<string, unknown> | undefined;
      for (const name of p.query) {
        const v = query[name];
        if (typeof v !== "string") continue;
        if (!PLAIN.test(v)) throw refuse("query", `/${name}`);
        if (v !== v.toLowerCase()) (copy ??= { ...query })[name] = v.toLowerCase();
      }
      if (copy) setQuery(req, copy);
    }

    if (p.body && req.body !== undefined) {
      const r = walk(req.body, p.body, "", 0);
      if (!r.ok) throw refuse("body", r.pointer);
      req.body = r.value;
    }
    next();
  };
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
