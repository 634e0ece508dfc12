import { describe, expect, it } from "vitest";
import { suggestionSchema } from "../../lib/suggestion-schemas.ts";
import { canSubmit, EMPTY_FORM, invalidToast, toPayload } from "./form.ts";

const CAT = "8d3f2a4e-1b2c-4d5e-8f90-123456789abc";
const full = {
  ...EMPTY_FORM,
  name: " Ravi ",
  city: "Lahore",
  categoryIds: [CAT],
  contact: " 0300 ",
};

describe("suggest form rules", () => {
  it("allows submit only when every required rule holds", () => {
    expect(canSubmit(full)).toBe(true);
    expect(canSubmit({ ...full, name: " R " })).toBe(false);
    expect(canSubmit({ ...full, city: "" })).toBe(false);
    expect(canSubmit({ ...full, categoryIds: [] })).toBe(false);
    expect(canSubmit({ ...full, contact: " 12 " })).toBe(false);
  });

  it("names the missing category first, else the missing fields", () => {
    expect(invalidToast({ ...full, categoryIds: [], contact: "" }).title).toBe(
      "Select at least one category",
    );
    expect(invalidToast({ ...full, contact: "" })).toEqual({
      title: "Missing fields",
      description: "Please complete required fields.",
    });
  });

  it("trims and leaves out empty email and website; the payload passes the shared schema", () => {
    const p = toPayload({ ...full, email: "  ", website: " www.ravi.pk " });
    expect(p).toEqual({
      name: "Ravi",
      city: "Lahore",
      categoryIds: [CAT],
      contact: "0300",
      website: "www.ravi.pk",
    });
    const parsed = suggestionSchema.parse(p);
    expect(parsed).toMatchObject({ website: "https://www.ravi.pk", email: null, isBot: false });
  });
});
