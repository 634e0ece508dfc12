import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { jpeg } from "../helpers/images.ts";
import {
  FUZZ_SEED,
  loadDocument,
  Harness,
  baseHeaders,
  docRole,
  figures,
  printFigures,
  type FuzzRequest,
} from "./lib/harness.ts";
import { resolvePointer, type OpenApiDoc, type Operation } from "./lib/openapi.ts";
import { encode, kindOf } from "./lib/requests.ts";
import { validArb, type Schema } from "./lib/schema-arb.ts";
import { makeWorld, type Role, type World } from "./lib/world.ts";

/**
 * Malformed transport for every operation of the app's OpenAPI document: bad
 * percent-encoding in each path segment, bodies that are not JSON, the wrong
 * content type, a 2 MB body, NUL bytes and lone surrogates in the query and in
 * JSON strings, a write without Origin. Same oracle as the property fuzz: a
 * documented status with a schema-valid body, never a crash, no row changed
 * when refused.
 */

/** Escapes that decode to nothing valid: a bare `%`, non-hex, an overlong and a cut-off UTF-8 sequence. */
const BAD_ESCAPES = ["%", "%zz", "%C0", "%E0%A4"];
/** Query values: NUL, a lone surrogate (as a sloppy client's bytes and as the raw character), a bare `%`. */
const BAD_QUERY_VALUES = ["a%00b", "%ED%A0%80", "\ud800", "%"];
const NOT_JSON: (string | Uint8Array<ArrayBuffer>)[] = [
  "{",
  "not json",
  "",
  '{"a":1}garbage',
  new Uint8Array([0xff, 0xfe, 0x00, 0x7b]),
];
const TWO_MB = 2 * 1024 * 1024;

/** The caller most likely to get past the guards, so the malformed part reaches the parsing. */
function bestRole(op: Operation): Role {
  for (const role of ["provider", "admin", "customer"] as const) {
    if (op.roles.includes(docRole(role))) return role;
  }
  return "anonymous";
}

/** The operation's path with the caller's own rows in it. */
function ownPath(op: Operation, world: World, role: Role): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const kind = kindOf(op.path, name);
    if (kind === "provider" && (role === "provider" || role === "provider2")) {
      return world.profileOf[role];
    }
    const pool = kind ? world.pools[kind] : [];
    return encode(pool[0] ?? "00000000-0000-4000-8000-000000000000");
  });
}

function sampleValid(doc: OpenApiDoc, schema: Schema): unknown {
  const ctx = { resolve: (ref: string) => resolvePointer(doc, ref) as Schema };
  return fc.sample(validArb(schema, ctx), { seed: FUZZ_SEED, numRuns: 1 })[0];
}

interface Case {
  req: FuzzRequest;
  /** Null when the request no longer names the operation (a static segment was broken). */
  op: Operation | null;
  expectStatus?: number;
}

function casesFor(doc: OpenApiDoc, op: Operation, world: World): Case[] {
  const role = bestRole(op);
  const path = ownPath(op, world, role);
  const cases: Case[] = [];
  const req = (over: Partial<FuzzRequest>): FuzzRequest => ({
    role,
    method: op.method,
    url: path,
    headers: baseHeaders(),
    ...over,
  });
  const templateSegments = op.path.split("/");
  path.split("/").forEach((_, i) => {
    if (i === 0) return;
    const isParam = /^\{\w+\}$/.test(templateSegments[i] ?? "");
    for (const bad of BAD_ESCAPES) {
      const segs = path.split("/");
      segs[i] = bad;
      cases.push({ req: req({ url: segs.join("/") }), op: isParam ? op : null });
    }
  });
  for (const p of op.parameters.filter((q) => q.in === "query")) {
    for (const bad of BAD_QUERY_VALUES) {
      cases.push({ req: req({ url: `${path}?${encode(p.name)}=${bad}` }), op });
    }
  }
  const content = op.requestBody?.content ?? {};
  const jsonType = Object.keys(content).find((t) => t.includes("json"));
  const bytesType = Object.keys(content).find((t) => !t.includes("json"));
  const json = (body: string | Uint8Array<ArrayBuffer>, type = "application/json") =>
    req({ headers: { ...baseHeaders(), "Content-Type": type }, body });
  if (jsonType) {
    const valid = sampleValid(doc, content[jsonType]!.schema ?? true);
    const validText = JSON.stringify(valid) ?? "{}";
    for (const body of NOT_JSON) cases.push({ req: json(body), op });
    cases.push({ req: json(validText, "text/plain"), op });
    cases.push({ req: json("a=1&role=admin", "application/x-www-form-urlencoded"), op });
    const form = new FormData();
    form.set("file", new Blob([jpeg(2, 2)], { type: "image/jpeg" }), "a.jpg");
    cases.push({ req: req({ body: form }), op });
    cases.push({ req: json(`{"x":"${"a".repeat(TWO_MB)}"}`), op, expectStatus: 413 });
    if (valid && typeof valid === "object" && !Array.isArray(valid)) {
      for (const [k, v] of Object.entries(valid)) {
        if (typeof v !== "string") continue;
        for (const bad of ["a\u0000b", "\ud800", "x\udfffy"]) {
          cases.push({ req: json(JSON.stringify({ ...valid, [k]: bad })), op });
        }
      }
    }
  } else if (bytesType) {
    cases.push({ req: json('{"file":"x"}'), op });
    cases.push({ req: json("a=1", "application/x-www-form-urlencoded"), op });
    const form = new FormData();
    form.set("file", new Blob([jpeg(2, 2)], { type: "image/jpeg" }), "a.jpg");
    cases.push({ req: req({ body: form }), op });
    cases.push({
      req: json(
        new Uint8Array(TWO_MB).fill(0x41),
        bytesType.includes("*") ? "image/jpeg" : bytesType,
      ),
      op,
    });
  }
  if (op.method !== "GET" && op.method !== "HEAD") {
    // A write without Origin: the cross-site refusal, whoever asks.
    const headers = baseHeaders(false);
    cases.push({
      req: req({ headers, ...(jsonType ? { body: "{}" } : {}) }),
      op,
      expectStatus: 403,
    });
  }
  return cases;
}

const started = Date.now();
afterAll(() => {
  if (figures.requests) printFigures("transport", Date.now() - started);
});

describe("malformed transport", () => {
  it("gets documented answers and changes nothing, for every operation", async () => {
    const doc = await loadDocument();
    const harness = new Harness(doc);
    const failures: string[] = [];
    for (const op of harness.ops) {
      const world = await makeWorld();
      try {
        for (const c of casesFor(doc, op, world)) {
          try {
            const res = await harness.send(world, c.op, c.req);
            if (c.expectStatus && res.status !== c.expectStatus) {
              throw new Error(
                `${op.key}: expected ${c.expectStatus}, got ${res.status}\n  request ${c.req.method} ${c.req.url.slice(0, 200)}`,
              );
            }
          } catch (err) {
            failures.push((err as Error).message);
          }
        }
      } finally {
        await world.close();
      }
    }
    expect(failures).toEqual([]);
  });
});
