// fast-check arbitraries for the JSON Schemas of generated/openapi.yaml (OpenAPI 3.1): values each schema accepts,
// for the keywords the document uses (type, enum, formats, lengths, patterns, bounds, items, properties, required,
// anyOf/oneOf/allOf, $ref). Strings stay short and printable: the odd values are made on purpose elsewhere.
import fc from "fast-check";

export type Schema = Record<string, any>;

export interface SchemaArbitraries {
  /** A value the schema accepts; `full` puts every declared property in every object (more places to make odd). */
  valueOf(schema: Schema | undefined, opts?: { full?: boolean }): fc.Arbitrary<unknown>;
  deref(schema: Schema | undefined): Schema | undefined;
}

const TEXT_MAX = 24;
const INT_BOUNDS: Record<string, [number, number]> = {
  int32: [-(2 ** 31), 2 ** 31 - 1],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

export function schemaArbitraries(components: Record<string, Schema>): SchemaArbitraries {
  const deref = (s: Schema | undefined): Schema | undefined => {
    for (let i = 0; s && typeof s.$ref === "string" && i < 32; i++) s = components[s.$ref.replace("#/components/schemas/", "")];
    return s;
  };

  const text = (s: Schema): fc.Arbitrary<string> => {
    const min = s.minLength ?? 0;
    const max = Math.max(min, Math.min(s.maxLength ?? TEXT_MAX, TEXT_MAX));
    switch (s.format) {
      case "uuid":
        return fc.uuid();
      case "email":
        return fc.stringMatching(/^[a-z][a-z0-9]{2,10}@example\.test$/);
      case "date-time":
        return fc.date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true }).map((d) => d.toISOString());
    }
    if (s.pattern) {
      const re = new RegExp(s.pattern);
      return fc.stringMatching(re, { size: "small" }).filter((x) => x.length >= min && x.length <= max);
    }
    return fc.string({ unit: "grapheme-ascii", minLength: min, maxLength: max });
  };

  const number = (s: Schema, integer: boolean): fc.Arbitrary<number> => {
    const [lo, hi] = INT_BOUNDS[s.format] ?? [-1e6, 1e6];
    const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : lo);
    const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : hi);
    if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
    return fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n));
  };

  const valueOf = (schema: Schema | undefined, opts: { full?: boolean } = {}, depth = 0): fc.Arbitrary<unknown> => {
    const s = deref(schema);
    if (!s || depth > 8) return fc.constant(null);
    if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
    if (s.const !== undefined) return fc.constant(s.const);
    // Keywords beside a combinator (`format`, bounds) hold for each of its branches.
    const { anyOf, oneOf, allOf, description: _, ...beside } = s;
    const branches = anyOf ?? oneOf;
    if (Array.isArray(branches)) return fc.oneof(...branches.map((b: Schema) => valueOf({ ...beside, ...deref(b) }, opts, depth + 1)));
    if (Array.isArray(allOf)) return valueOf(mergeAll(allOf, beside), opts, depth + 1);
    switch (s.type) {
      case "string":
        return text(s);
      case "integer":
        return number(s, true);
      case "number":
        return number(s, false);
      case "boolean":
        return fc.boolean();
      case "null":
        return fc.constant(null);
      case "array":
        return fc.array(valueOf(s.items, opts, depth + 1), {
          minLength: s.minItems ?? 0,
          maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3)),
        });
      case "object":
      case undefined: {
        const props = (s.properties ?? {}) as Record<string, Schema>;
        const shape = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, valueOf(v, opts, depth + 1)]));
        const required = opts.full ? Object.keys(props) : ((s.required ?? []) as string[]);
        return fc.record(shape, { requiredKeys: required });
      }
    }
    return fc.constant(null);
  };

  /** The members of an `allOf` and the keywords beside it, as one schema. */
  const mergeAll = (members: Schema[], beside: Schema): Schema =>
    members.reduce((acc: Schema, m) => {
      const d = deref(m) ?? {};
      const p = Array.isArray(d.allOf) ? mergeAll(d.allOf, { ...d, allOf: undefined }) : d;
      return {
        ...acc,
        ...p,
        ...(acc.properties || p.properties ? { properties: { ...acc.properties, ...p.properties } } : {}),
        ...(acc.required || p.required ? { required: [...(acc.required ?? []), ...(p.required ?? [])] } : {}),
      };
    }, beside);

  return { valueOf, deref };
}
