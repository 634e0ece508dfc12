import fc from "fast-check";
import { jpeg } from "../../helpers/images.ts";
import { baseHeaders, type FuzzRequest } from "./harness.ts";
import { resolvePointer, type OpenApiDoc, type Operation, type Parameter } from "./openapi.ts";
import {
  HOSTILE_STRINGS,
  invalidArb,
  validArb,
  type ArbContext,
  type Schema,
  type SchemaObject,
} from "./schema-arb.ts";
import { PASSWORD, type Kind, type Role, type World } from "./world.ts";

/** `encodeURIComponent`, but a lone surrogate (which it refuses) is sent as its raw UTF-8-ish bytes. */
export function encode(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return [...v]
      .map((ch) => {
        const code = ch.codePointAt(0)!;
        if (code >= 0xd800 && code <= 0xdfff) {
          // WTF-8: what a sloppy client sends for a lone surrogate; not valid UTF-8.
          return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join("");
        }
        return encodeURIComponent(ch);
      })
      .join("");
  }
}

/** What kind of row a path parameter names, from its name and the segment before it. */
export function kindOf(path: string, name: string): Kind | null {
  const segments = path.split("/");
  const prev = segments[segments.indexOf(`{${name}}`) - 1] ?? "";
  const n = name.toLowerCase();
  if (n.includes("service") || prev === "services") return "service";
  if (prev === "gallery") return "gallery";
  if (prev === "sessions") return "session";
  if (prev === "suggestions") return "suggestion";
  if (prev === "leads") return "lead";
  if (n === "file" && path.startsWith("/api/media/")) return "mediaFile";
  if (prev === "users" || n === "userid") return "user";
  if (n.includes("categor") || prev === "service-categories") return "category";
  if (n.includes("provider") || prev === "providers" || prev === "favorites") return "provider";
  return null;
}

/** Path segments no route should choke on. */
const BAD_SEGMENTS = [
  "0",
  "-1",
  "x".repeat(300),
  "00000000-0000-0000-0000-000000000000",
  "ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ",
  "null",
  ...HOSTILE_STRINGS.filter((s) => s.trim() !== "" && !s.includes("/") && s !== "\u0000"),
];

function pick<T>(pool: T[]): fc.Arbitrary<T> {
  return fc.constantFrom(...pool);
}

/**
 * Known rows for fields that name them, mixed with what the schema makes: a
 * real category or provider id gets a write past its 404 into the handler.
 */
function hints(world: World, ctx: () => ArbContext) {
  const { pools, users } = world;
  const media = ["provider", "provider2"].flatMap((who) => {
    const id = users[who as "provider"].id;
    return [
      `/media/providers/${id}/cover_1.jpg`,
      `/media/providers/${id}/logo_1.jpg`,
      `/media/providers/${id}/gallery/9_b.jpg`,
    ];
  });
  const byName: Record<string, fc.Arbitrary<unknown>> = {
    categoryid: pick(pools.category),
    categoryids: fc.subarray(pools.category, { minLength: 1 }),
    providerid: pick(pools.provider),
    serviceid: pick(pools.service),
    userid: pick(pools.user),
    email: pick(Object.values(users).map((u) => u.email)),
    password: fc.constant(PASSWORD),
    currentpassword: fc.constant(PASSWORD),
    imageurl: pick(media),
    logourl: pick(media),
    coverimageurl: pick(media),
    profileimageurl: pick(media),
    key: pick(pools.uploadKey),
    city: pick(["Lahore", "Karachi", "lahore", "karachi", "Multan"]),
    location: pick(["Lahore — Gulberg", "Karachi — Saddar", "Multan"]),
  };
  return (name: string, schema: SchemaObject): fc.Arbitrary<unknown> | undefined => {
    const known = byName[name.toLowerCase()];
    if (!known) return undefined;
    return fc.oneof(
      { arbitrary: known, weight: 3 },
      { arbitrary: validArb(schema, { resolve: (ref) => ctx().resolve(ref) }), weight: 1 },
    );
  };
}

function queryValue(v: unknown): string[] {
  if (v === undefined) return [];
  if (Array.isArray(v)) return v.flatMap(queryValue);
  if (typeof v === "string") return [v];
  return [JSON.stringify(v)];
}

function paramArb(
  op: Operation,
  p: Parameter,
  world: World,
  ctx: ArbContext,
): fc.Arbitrary<string[] | undefined> {
  const schema: Schema = p.schema ?? { type: "string" };
  if (p.in === "path") {
    const kind = kindOf(op.path, p.name);
    const pool = kind ? world.pools[kind] : [];
    const options: fc.WeightedArbitrary<unknown>[] = [
      { arbitrary: validArb(schema, ctx), weight: pool.length ? 1 : 6 },
      { arbitrary: pick(BAD_SEGMENTS), weight: 1 },
    ];
    // Sessions are made as the run goes: read the pool when the value is drawn.
    if (kind === "session")
      options.push({
        arbitrary: fc.nat().map((i) => pool[i % Math.max(1, pool.length)] ?? "x"),
        weight: 8,
      });
    else if (pool.length) options.push({ arbitrary: pick(pool), weight: 8 });
    return fc.oneof(...options).map((v) => [String(v)]);
  }
  const hinted = typeof schema === "object" ? ctx.hint?.(p.name, schema) : undefined;
  const valid = (hinted ?? validArb(schema, ctx)).map(queryValue);
  const invalid = invalidArb(schema, ctx).map(queryValue);
  return fc.oneof(
    { arbitrary: valid, weight: 6 },
    { arbitrary: invalid, weight: 2 },
    { arbitrary: fc.constant(undefined), weight: p.required ? 1 : 4 },
  );
}

function jsonBodyArb(
  schema: Schema,
  ctx: ArbContext,
  required: boolean,
): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { arbitrary: validArb(schema, ctx).map((v) => JSON.stringify(v)), weight: 7 },
    { arbitrary: invalidArb(schema, ctx).map((v) => JSON.stringify(v) ?? "null"), weight: 3 },
    { arbitrary: fc.constant(undefined), weight: required ? 0 : 1 },
  );
}

/** Requests for `op` as `role`: mostly valid by the document, some not, with real ids in paths. */
export function requestArb(
  doc: OpenApiDoc,
  op: Operation,
  role: Role,
  world: World,
): fc.Arbitrary<FuzzRequest> {
  const ctx: ArbContext = { resolve: (ref) => resolvePointer(doc, ref) as Schema };
  ctx.hint = hints(world, () => ctx);
  const params = op.parameters.filter((p) => p.in === "path" || p.in === "query");
  const paramArbs = params.map((p) => paramArb(op, p, world, ctx));
  const content = op.requestBody?.content ?? {};
  const jsonType = Object.keys(content).find(
    (t) => t === "application/json" || t.endsWith("+json"),
  );
  const bytesType = Object.keys(content).find((t) => !t.includes("json"));
  let bodyArb: fc.Arbitrary<{ type?: string; body?: string | Uint8Array<ArrayBuffer> }> =
    fc.constant({});
  if (jsonType) {
    bodyArb = jsonBodyArb(content[jsonType]!.schema ?? true, ctx, !!op.requestBody?.required).map(
      (body) => (body === undefined ? {} : { type: "application/json", body }),
    );
  } else if (bytesType) {
    // An upload: a real tiny image most of the time, random bytes otherwise.
    bodyArb = fc
      .oneof(
        { arbitrary: fc.constantFrom(jpeg(2, 2), jpeg(64, 48)), weight: 3 },
        { arbitrary: fc.uint8Array({ maxLength: 512 }).map((b) => new Uint8Array(b)), weight: 1 },
      )
      .map((body) => ({ type: bytesType.includes("*") ? "image/jpeg" : bytesType, body }));
  }
  return fc
    .record({
      values: fc.tuple(...paramArbs),
      body: bodyArb,
      origin: fc.oneof(
        { arbitrary: fc.constant(true), weight: 12 },
        { arbitrary: fc.constant(false), weight: 1 },
      ),
    })
    .map(({ values, body, origin }) => {
      let path = op.path;
      const query: string[] = [];
      params.forEach((p, i) => {
        const v = values[i];
        if (v === undefined) return;
        if (p.in === "path") path = path.replace(`{${p.name}}`, encode(v[0] ?? ""));
        else for (const one of v) query.push(`${encode(p.name)}=${encode(one)}`);
      });
      const headers = baseHeaders(origin);
      if (body.type) headers["Content-Type"] = body.type;
      return {
        role,
        method: op.method,
        url: query.length ? `${path}?${query.join("&")}` : path,
        headers,
        ...(body.body === undefined ? {} : { body: body.body }),
      };
    });
}
