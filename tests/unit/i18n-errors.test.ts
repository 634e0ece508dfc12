/**
 * The error catalogue (messages/errors, decision 022) covers what the API can
 * say: every sentence of the catalogue comes back in Urdu with its values in
 * place, every message the shared input schemas produce for bad input is in
 * it, and so is every literal error the server's source writes.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import en from "../../messages/errors/en.json" with { type: "json" };
import ur from "../../messages/errors/ur.json" with { type: "json" };
import { installErrorTable, localizeError } from "../../src/i18n/errors.ts";
import { translateError } from "../../src/i18n/error-table.ts";

installErrorTable(translateError);
import { describeIssues } from "../../functions/lib/http.ts";
import { TooManyRequests } from "../../functions/lib/rate-limit.ts";
import { ContactRevealCapped } from "../../functions/lib/contact-caps.ts";
import { TOO_LARGE_MESSAGE } from "../../functions/lib/images.ts";
import { BAD_UPLOAD_KEY } from "../../src/lib/upload-keys.ts";
import * as admin from "../../src/lib/admin-schemas.ts";
import * as analytics from "../../src/lib/analytics-schemas.ts";
import * as auth from "../../src/lib/auth-schemas.ts";
import * as claim from "../../src/lib/claim-schemas.ts";
import * as edit from "../../src/lib/edit-schemas.ts";
import * as lead from "../../src/lib/lead-schemas.ts";
import * as list from "../../src/lib/list-cursor.ts";
import * as oauth from "../../src/lib/oauth-schemas.ts";
import * as provider from "../../src/lib/provider-schemas.ts";
import * as schemas from "../../src/lib/schemas.ts";
import * as suggestion from "../../src/lib/suggestion-schemas.ts";

const root = path.resolve(import.meta.dirname, "../..");
const catalog = Object.entries(en as Record<string, string>).filter(([k]) => !k.startsWith("$"));
const urdu = ur as Record<string, string>;
const translated = (text: string) => localizeError(text, "ur") !== text;

describe("localizeError", () => {
  it("gives every message of the catalogue its Urdu text, values in place", () => {
    const wrong = catalog.flatMap(([key, source]) => {
      let n = 0;
      const values = new Map<string, string>();
      const fill = (text: string) =>
        text.replace(/\{(\w+)\}/g, (_, name: string) => {
          if (!values.has(name)) values.set(name, `v${++n}`);
          return values.get(name)!;
        });
      const english = fill(source);
      const expected = fill(urdu[key]!);
      const got = localizeError(english, "ur");
      return got === expected ? [] : [{ key, english, expected, got }];
    });
    expect(wrong).toEqual([]);
  });

  it("translates a list of field problems issue by issue, keeping the fields", () => {
    expect(
      localizeError("Invalid query: page: page must be at most 10000; limit: Invalid input", "ur"),
    ).toBe(
      "تلاش کے پیرامیٹر درست نہیں: page: page زیادہ سے زیادہ 10000 ہو سکتا ہے; limit: غلط اندراج",
    );
    // A message with a "; " of its own stays one message.
    expect(
      localizeError(
        "page: only the first 1000 results can be paged to; narrow the search with more words, a city or a category",
        "ur",
      ),
    ).toBe(
      "page: صرف پہلے 1000 نتائج تک صفحے بدلے جا سکتے ہیں؛ مزید الفاظ، شہر یا کیٹیگری سے تلاش محدود کریں",
    );
    // What it does not know stays as it is, beside what it does.
    expect(localizeError("x: Something new; email: Email is required", "ur")).toBe(
      "x: Something new; email: ای میل ضروری ہے",
    );
  });
});

/** The field names of an input schema, through refinements, pipes and preprocessing. */
function fieldsOf(schema: z.ZodType): string[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  if (def.type === "object") return Object.keys(def.shape as object);
  if (def.type === "pipe") {
    return [...fieldsOf(def.in as z.ZodType), ...fieldsOf(def.out as z.ZodType)];
  }
  return [];
}

const UUID = "6f1c1c52-58b4-4a8f-9d5e-3c1f2f6e8b10";
/** Wrong in every way a form or a script sends wrong: types, lengths, ranges, formats. */
const BAD_VALUES: unknown[] = [
  undefined,
  null,
  true,
  12,
  -1,
  1.5,
  1e15,
  "",
  " ",
  "x",
  "not a uuid or an email",
  "1999-01-01",
  "2024-13-45",
  "x".repeat(6000),
  [],
  Array(30).fill(UUID),
  Array(30).fill("x"),
  {},
];

const INPUT_SCHEMAS: Record<string, z.ZodType> = {
  ...pick(admin),
  ...pick(analytics),
  ...pick(auth),
  ...pick(claim),
  ...pick(edit),
  ...pick(lead),
  ...pick(list),
  ...pick(oauth),
  ...pick(provider),
  ...pick(schemas),
  ...pick(suggestion),
};

/** The modules' zod schemas, less the answers the API sends (never parsed from input). */
function pick(module: Record<string, unknown>): Record<string, z.ZodType> {
  return Object.fromEntries(
    Object.entries(module).filter(
      ([name, value]) =>
        name.endsWith("Schema") &&
        !/Answer|Summary|Thread|Inbox|Metrics|Insights|topQuery|adminLead/i.test(name) &&
        typeof (value as { safeParse?: unknown })?.safeParse === "function",
    ),
  ) as Record<string, z.ZodType>;
}

describe("the shared input schemas", () => {
  it("only produce messages the catalogue has in Urdu", () => {
    const missing = new Set<string>();
    for (const [name, schema] of Object.entries(INPUT_SCHEMAS)) {
      const inputs: unknown[] = [...BAD_VALUES];
      for (const field of fieldsOf(schema)) {
        for (const value of BAD_VALUES) inputs.push({ [field]: value });
      }
      for (const input of inputs) {
        const result = schema.safeParse(input);
        if (result.success) continue;
        const sentence = describeIssues(result.error);
        if (translated(sentence)) {
          for (const issue of result.error.issues) {
            if (!translated(issue.message)) missing.add(`${name}: ${issue.message}`);
          }
        } else missing.add(`${name}: ${sentence}`);
      }
    }
    expect([...missing]).toEqual([]);
  });
});

/** Server source, without the page renderer (HTML, not the API). */
function serverSources(): string[] {
  const out: string[] = [];
  for (const dir of ["functions", "db/queries"]) {
    for (const file of fs.readdirSync(path.join(root, dir), {
      recursive: true,
      encoding: "utf8",
    })) {
      const rel = path.join(dir, file);
      if (!rel.endsWith(".ts") || rel.includes(`${path.sep}pages${path.sep}`)) continue;
      if (rel.endsWith(path.join("routes", "pages.ts"))) continue;
      out.push(fs.readFileSync(path.join(root, rel), "utf8"));
    }
  }
  return out;
}

describe("the server's own error sentences", () => {
  it("are all in the catalogue: literals, named constants and the composed ones", () => {
    const sources = serverSources();
    const all = sources.join("\n");
    const literal = /(?:HttpError\(\s*\d{3},\s*|\berror: |\bmessage: |\brefused: )"([^"]+)"/g;
    const named = /(?:HttpError\(\s*\d{3},\s*|\berror: |\bmessage: )([A-Z][A-Z_]+)\b/g;
    const messages = new Set<string>();
    for (const source of sources) {
      for (const m of source.matchAll(literal)) messages.add(m[1]!);
      for (const m of source.matchAll(named)) {
        const value = new RegExp(`const ${m[1]} =\\s*"([^"]+)"`).exec(all);
        if (value) messages.add(value[1]!);
      }
    }
    for (const seconds of [1, 30, 89, 90, 3600]) {
      messages.add(new TooManyRequests(seconds).message);
      messages.add(new ContactRevealCapped(seconds).message);
    }
    messages.add(TOO_LARGE_MESSAGE);
    messages.add(BAD_UPLOAD_KEY);
    // Sentences that are not the API's (logs, configuration checks at start-up).
    const notAnswers = [/^DATABASE_URL /, /^PUBLIC_SITE_URL /];
    const missing = [...messages].filter(
      (m) => !notAnswers.some((re) => re.test(m)) && !translated(m),
    );
    expect(missing).toEqual([]);
    expect(messages.size).toBeGreaterThan(60);
  });
});
