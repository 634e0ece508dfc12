import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { STAND_IN_DOC } from "./fixtures/stand-in-openapi.ts";
import { ResponseValidator, resolvePointer } from "./lib/openapi.ts";
import { invalidArb, validArb, type ArbContext, type Schema } from "./lib/schema-arb.ts";
import { FUZZ_SEED } from "./lib/harness.ts";

const ctx: ArbContext = { resolve: (ref) => resolvePointer(STAND_IN_DOC, ref) as Schema };
const validator = new ResponseValidator(STAND_IN_DOC);
const NESTED = "#/components/schemas/Nested";
const PATCH_BODY =
  "#/paths/~1api~1services~1{id}/patch/requestBody/content/application~1json/schema";

describe("the JSON Schema → fast-check converter", () => {
  it.each([NESTED, PATCH_BODY])("makes only values %s accepts", (pointer) => {
    const schema = resolvePointer(STAND_IN_DOC, pointer) as Schema;
    fc.assert(
      fc.property(validArb(schema, ctx), (v) => {
        expect(validator.validate(pointer, v)).toEqual([]);
      }),
      { seed: FUZZ_SEED, numRuns: 300 },
    );
  });

  it("makes mostly values the schema refuses, of every kind", () => {
    const schema = resolvePointer(STAND_IN_DOC, NESTED) as Schema;
    const values = fc.sample(invalidArb(schema, ctx), { seed: FUZZ_SEED, numRuns: 300 });
    const refused = values.filter((v) => validator.validate(NESTED, v).length > 0);
    expect(refused.length).toBeGreaterThan(values.length * 0.8);
    const kinds = new Set(values.map((v) => (Array.isArray(v) ? "array" : typeof v)));
    expect([...kinds].sort()).toEqual(expect.arrayContaining(["object", "string", "number"]));
  });

  it("uses a field hint in place of the schema when it has one", () => {
    const schema = resolvePointer(STAND_IN_DOC, NESTED) as Schema;
    const hinted: ArbContext = {
      ...ctx,
      hint: (name) =>
        name === "id" ? fc.constant("11111111-1111-4111-8111-111111111111") : undefined,
    };
    const values = fc.sample(validArb(schema, hinted), { seed: FUZZ_SEED, numRuns: 20 });
    expect(new Set(values.map((v) => (v as { id: string }).id))).toEqual(
      new Set(["11111111-1111-4111-8111-111111111111"]),
    );
  });
});
