import fc from "fast-check";

/**
 * JSON Schema (draft 2020-12, the subset zod's `toJSONSchema` and our OpenAPI
 * document use) to fast-check arbitraries: `validArb` makes values the schema
 * accepts, `invalidArb` values that break it in the ways clients do (missing
 * and extra fields, wrong types, huge numbers, empty and hostile strings).
 *
 * Written here rather than taken from npm: the converters there cover older
 * drafts or have not been released in years, and ours only needs the keywords
 * the document uses.
 */

export type Schema = boolean | SchemaObject;
export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema;
  items?: Schema;
  prefixItems?: Schema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  default?: unknown;
  [k: string]: unknown;
}

export interface ArbContext {
  /** Resolves a local `$ref` (`#/components/schemas/X`). */
  resolve(ref: string): Schema;
  /**
   * Replaces the generated value for a property whose name the fixture knows
   * (`categoryId`, `providerId`): a real id reaches the handler, a random one
   * only its 404. Return undefined to generate from the schema.
   */
  hint?(name: string, schema: SchemaObject): fc.Arbitrary<unknown> | undefined;
}

/**
 * Strings people and attackers send that a schema's type check lets through:
 * NUL, lone surrogates, right-to-left and Urdu text, emoji, markup, SQL.
 */
export const HOSTILE_STRINGS: readonly string[] = [
  "a\u0000b",
  "\u0000",
  "\ud800",
  "x\udfffy",
  "\u202egnp.exe",
  "کراچی میں ویلڈنگ",
  "لاہور — گلبرگ",
  "😀👨‍👩‍👧‍👦🇵🇰",
  "٠١٢٣٤٥٦٧٨٩",
  "Ω≈ç√∫ ﷺ",
  "<script>alert(1)</script>",
  "' OR '1'='1' --",
  "%C0%AF",
  "../../etc/passwd",
  " ",
  "\t\n",
];

const MAX_GENERATED_STRING = 80;

function deref(s: Schema, ctx: ArbContext, depth = 0): Schema {
  let cur = s;
  while (typeof cur === "object" && cur.$ref) {
    if (depth++ > 20) throw new Error(`$ref cycle at ${cur.$ref}`);
    const { $ref, ...rest } = cur;
    const target = ctx.resolve($ref);
    // 2020-12 allows siblings next to $ref (a description, a nullable anyOf); keep them.
    cur = typeof target === "object" ? { ...target, ...rest } : target;
  }
  return cur;
}

function typesOf(s: SchemaObject): string[] {
  if (Array.isArray(s.type)) return s.type;
  if (typeof s.type === "string") return [s.type];
  if (s.properties || s.required || s.additionalProperties !== undefined) return ["object"];
  if (s.items || s.prefixItems) return ["array"];
  if (s.enum || s.const !== undefined) return [];
  return [];
}

/** Length in code points, as JSON Schema counts, and in UTF-16 units, as zod counts. */
function fitsLength(v: string, s: SchemaObject): boolean {
  const cps = [...v].length;
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Infinity;
  return cps >= min && cps <= max && v.length >= min && v.length <= max;
}

function stringArb(s: SchemaObject): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.max(
    min,
    Math.min(s.maxLength ?? MAX_GENERATED_STRING, min + MAX_GENERATED_STRING),
  );
  switch (s.format) {
    case "uuid":
      return fc.uuid();
    case "email":
      return fc
        .tuple(
          fc.stringMatching(/^[a-z0-9]{1,12}$/),
          fc.constantFrom("example.pk", "example.com", "mail.example.org"),
        )
        .map(([a, b]) => `${a}@${b}`)
        .filter((v) => fitsLength(v, s));
    case "uri":
    case "url":
      return fc.webUrl().filter((v) => fitsLength(v, s));
    case "date-time":
      return fc
        .date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true })
        .map((d) => d.toISOString());
  }
  if (s.pattern) {
    let re: RegExp;
    try {
      re = new RegExp(s.pattern, "u");
    } catch {
      re = new RegExp(s.pattern);
    }
    return fc.stringMatching(re).filter((v) => fitsLength(v, s));
  }
  const plain = fc.string({ minLength: min, maxLength: max });
  const unicode = fc.string({ minLength: min, maxLength: max, unit: "grapheme" });
  const hostile = fc.constantFrom(...HOSTILE_STRINGS).filter((v) => fitsLength(v, s));
  const hasHostile = HOSTILE_STRINGS.some((v) => fitsLength(v, s));
  return fc.oneof(
    { arbitrary: plain, weight: 3 },
    { arbitrary: unicode, weight: 2 },
    ...(hasHostile ? [{ arbitrary: hostile, weight: 2 }] : []),
  );
}

function numberArb(s: SchemaObject, integer: boolean): fc.Arbitrary<number> {
  const lo =
    s.exclusiveMinimum !== undefined
      ? s.exclusiveMinimum +
        (integer ? 1 : Number.EPSILON * Math.max(1, Math.abs(s.exclusiveMinimum)))
      : s.minimum;
  const hi =
    s.exclusiveMaximum !== undefined
      ? s.exclusiveMaximum -
        (integer ? 1 : Number.EPSILON * Math.max(1, Math.abs(s.exclusiveMaximum)))
      : s.maximum;
  if (integer) {
    const min = Math.max(Math.ceil(lo ?? Number.MIN_SAFE_INTEGER), Number.MIN_SAFE_INTEGER);
    const max = Math.min(Math.floor(hi ?? Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER);
    const edges = [min, max, 0, 1].filter((v) => v >= min && v <= max);
    return fc.oneof(fc.integer({ min, max }), fc.constantFrom(...edges));
  }
  return fc.double({
    min: lo ?? -1e12,
    max: hi ?? 1e12,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

function objectArb(s: SchemaObject, ctx: ArbContext, depth: number): fc.Arbitrary<unknown> {
  const props = s.properties ?? {};
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, sub] of Object.entries(props)) {
    const resolved = deref(sub, ctx);
    const hinted = typeof resolved === "object" ? ctx.hint?.(name, resolved) : undefined;
    record[name] = hinted ?? validArb(sub, ctx, depth + 1);
  }
  const requiredKeys = (s.required ?? []).filter((k) => k in props);
  return fc.record(record, { requiredKeys });
}

/** Values `schema` accepts. */
export function validArb(schema: Schema, ctx: ArbContext, depth = 0): fc.Arbitrary<unknown> {
  const s = deref(schema, ctx);
  if (s === true) return fc.jsonValue({ maxDepth: 2 });
  if (s === false) return fc.constant(undefined);
  if (depth > 8) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.anyOf || s.oneOf) {
    const options = (s.anyOf ?? s.oneOf)!;
    return fc.oneof(...options.map((o) => validArb(o, ctx, depth + 1)));
  }
  if (s.allOf) return validArb(mergeAllOf(s, ctx), ctx, depth + 1);
  const types = typesOf(s);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case "string":
          return stringArb(s);
        case "integer":
          return numberArb(s, true);
        case "number":
          return numberArb(s, false);
        case "boolean":
          return fc.boolean();
        case "null":
          return fc.constant(null);
        case "array": {
          const item = s.items ?? true;
          const min = s.minItems ?? 0;
          const max = Math.min(s.maxItems ?? 5, min + 5);
          const items = validArb(item, ctx, depth + 1);
          return s.uniqueItems
            ? fc.uniqueArray(items, {
                minLength: min,
                maxLength: max,
                selector: (v) => JSON.stringify(v),
              })
            : fc.array(items, { minLength: min, maxLength: max });
        }
        case "object":
          return objectArb(s, ctx, depth);
        default:
          throw new Error(`schema type ${type} is not supported by the fuzz converter`);
      }
    }),
  );
}

function mergeAllOf(s: SchemaObject, ctx: ArbContext): SchemaObject {
  const { allOf, ...rest } = s;
  const out: SchemaObject = { ...rest };
  for (const part of allOf ?? []) {
    const p = deref(part, ctx);
    if (typeof p !== "object") continue;
    out.properties = { ...out.properties, ...p.properties };
    out.required = [...(out.required ?? []), ...(p.required ?? [])];
    for (const [k, v] of Object.entries(p)) {
      if (k !== "properties" && k !== "required" && out[k] === undefined) out[k] = v;
    }
  }
  return out;
}

/** Values of the wrong type, size or shape for any field. */
export const WRONG_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  "",
  "x".repeat(10_000),
  "0",
  "true",
  "null",
  [],
  [null],
  {},
  { $gt: "" },
  // An own "__proto__" key, as JSON.parse makes it (a literal would set the prototype).
  JSON.parse('{"__proto__":{"role":"admin"}}') as unknown,
  ...HOSTILE_STRINGS,
];

/**
 * Values that probably break `schema` (some land inside it by chance, which is
 * fine: the oracle does not care which side a value falls on): a field of a
 * valid object removed, replaced by a wrong value or joined by an extra one, or
 * the whole value replaced.
 */
export function invalidArb(schema: Schema, ctx: ArbContext): fc.Arbitrary<unknown> {
  const s = deref(schema, ctx);
  const wrong = fc.constantFrom(...WRONG_VALUES);
  const whole = fc.oneof(wrong, fc.jsonValue({ maxDepth: 3 }));
  if (typeof s !== "object") return whole;
  const isObject = typesOf(s).includes("object") && s.properties;
  if (!isObject) return whole;
  const valid = validArb(s, ctx) as fc.Arbitrary<Record<string, unknown>>;
  const keys = Object.keys(s.properties ?? {});
  if (keys.length === 0)
    return fc.oneof(
      whole,
      valid.map((v) => ({ ...v, extra: 1 })),
    );
  const key = fc.constantFrom(...keys);
  return fc.oneof(
    { arbitrary: whole, weight: 1 },
    {
      arbitrary: fc.tuple(valid, key).map(([v, k]) => {
        const out = { ...v };
        delete out[k];
        return out;
      }),
      weight: 2,
    },
    {
      arbitrary: fc.tuple(valid, key, wrong).map(([v, k, w]) => ({ ...v, [k]: w })),
      weight: 4,
    },
    {
      arbitrary: fc
        .tuple(
          valid,
          fc.constantFrom("role", "isAdmin", "userId", "id", "extra", "__proto__"),
          wrong,
        )
        .map(([v, k, w]) => ({ ...v, [k]: w })),
      weight: 2,
    },
  );
}
