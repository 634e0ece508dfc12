import { describe, expect, it } from "vitest";
import { installErrorTable } from "../../i18n/errors.ts";
import { translateError } from "../../i18n/error-table.ts";
import type { EditField, EditView } from "../../lib/edit-schemas.ts";
import {
  buildEditPayload,
  categoryIdsOf,
  initialDraft,
  type EditDraft,
  type ListingNow,
} from "./suggest-form.ts";
import { splitByStatus, valueText } from "./view.ts";

// As an Urdu page does once it has loaded (src/i18n/index.ts).
installErrorTable(translateError);

const CAT_A = "11111111-1111-4111-8111-111111111111";
const CAT_B = "22222222-2222-4222-8222-222222222222";
const OTHER = "33333333-3333-4333-8333-333333333333";

const LISTING: ListingNow = {
  id: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa",
  location: "Sialkot — Small Industrial Estate",
  city: "Sialkot",
  categoryIds: [CAT_A],
};

function draft(patch: Partial<EditDraft> & { tick?: EditField[] }): EditDraft {
  const base = initialDraft(LISTING);
  const { tick = [], ...rest } = patch;
  return {
    ...base,
    ...rest,
    selected: { ...base.selected, ...Object.fromEntries(tick.map((f) => [f, true])) },
  };
}

describe("initialDraft", () => {
  it("starts from the listing's city, address and categories, nothing ticked", () => {
    const d = initialDraft(LISTING);
    expect(d.city).toBe("Sialkot");
    expect(d.address).toBe("Small Industrial Estate");
    expect(d.categoryIds).toEqual([CAT_A]);
    expect(Object.values(d.selected).some(Boolean)).toBe(false);
  });

  it("lists each category of the services once", () => {
    expect(
      categoryIdsOf([{ categoryId: CAT_A }, { categoryId: CAT_B }, { categoryId: CAT_A }]),
    ).toEqual([CAT_A, CAT_B]);
  });
});

describe("buildEditPayload", () => {
  it("asks for at least one tick", () => {
    const r = buildEditPayload(draft({}), LISTING, "en");
    expect(r).toMatchObject({ ok: false, first: "form" });
    if (!r.ok) expect(r.errors.form).toBe("Tick at least one thing to change.");
  });

  it("sends each ticked field with its note, in the API's shape", () => {
    const r = buildEditPayload(
      draft({
        tick: ["phone", "website", "location", "categories", "closed"],
        phone: " 0300 1234567 ",
        website: "indus.pk",
        address: "Plot 14, Small Industrial Estate",
        categoryIds: [CAT_A, CAT_B],
        notes: {
          phone: " I called it ",
          email: "",
          website: "",
          location: "",
          categories: "",
          closed: "Shutters down for months",
          duplicate: "",
        },
      }),
      LISTING,
      "en",
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.payload).toEqual({
      providerId: LISTING.id,
      proposals: [
        { field: "phone", value: "0300 1234567", note: "I called it" },
        { field: "website", value: "https://indus.pk", note: "" },
        {
          field: "location",
          value: { city: "Sialkot", address: "Plot 14, Small Industrial Estate" },
          note: "",
        },
        { field: "categories", value: [CAT_A, CAT_B], note: "" },
        { field: "closed", value: null, note: "Shutters down for months" },
      ],
    });
  });

  it("shows the schema's messages on the inputs, in Urdu on an Urdu page", () => {
    const r = buildEditPayload(
      draft({ tick: ["phone", "email"], email: "not-an-email" }),
      LISTING,
      "en",
    );
    expect(r).toMatchObject({ ok: false, first: "phone" });
    if (r.ok) return;
    expect(r.errors.phone).toBe("Phone is required");
    expect(r.errors.email).toBe("Email must be a valid email address");
    const ur = buildEditPayload(draft({ tick: ["email"], email: "x" }), LISTING, "ur");
    if (!ur.ok) expect(ur.errors.email).not.toBe("Email must be a valid email address");
  });

  it("refuses what the listing already shows and a listing as its own duplicate", () => {
    const same = buildEditPayload(draft({ tick: ["location", "categories"] }), LISTING, "en");
    expect(same.ok).toBe(false);
    if (!same.ok) {
      expect(same.errors.city).toBe("That is the city and address the listing already shows.");
      expect(same.errors.categories).toBe("These are the categories the listing already has.");
    }
    const none = buildEditPayload(draft({ tick: ["duplicate"] }), LISTING, "en");
    if (!none.ok) expect(none.errors.duplicate).toBe("Choose the listing to keep.");
    const self = buildEditPayload(
      draft({
        tick: ["duplicate"],
        duplicate: { id: LISTING.id, companyName: "X", companyNameUr: null, city: null },
      }),
      LISTING,
      "en",
    );
    expect(self).toMatchObject({ ok: false, first: "duplicate" });
    const other = buildEditPayload(
      draft({
        tick: ["duplicate"],
        duplicate: { id: OTHER, companyName: "Kept", companyNameUr: null, city: "Lahore" },
      }),
      LISTING,
      "en",
    );
    expect(other).toMatchObject({
      ok: true,
      payload: { proposals: [{ field: "duplicate", value: OTHER, note: "" }] },
    });
  });
});

describe("valueText", () => {
  const names = new Map([[CAT_A, { name: "Welding", nameUr: "ویلڈنگ" }]]);
  it("reads each field's value", () => {
    expect(valueText("phone", "+923001234567", "proposed", "en", names)).toBe("0300 1234567");
    expect(
      valueText("location", { city: "Lahore", address: "Mall Road" }, "current", "en", names),
    ).toBe("Lahore, Mall Road");
    expect(valueText("categories", [CAT_A, OTHER], "proposed", "ur", names)).toBe(
      `ویلڈنگ، ${OTHER}`,
    );
    expect(valueText("closed", null, "current", "en", names)).toBe("Open");
    expect(valueText("closed", null, "proposed", "en", names)).toBe("Closed for good");
    expect(
      valueText("duplicate", OTHER, "proposed", "en", names, {
        id: OTHER,
        companyName: "Kept Works",
        path: "/pk/x",
      }),
    ).toBe("Kept Works");
    expect(valueText("email", null, "current", "en", names)).toBeNull();
  });

  it("puts pending proposals before decided ones", () => {
    const e = (id: string, status: EditView["status"]) => ({ id, status }) as EditView;
    const { pending, decided } = splitByStatus([e("1", "accepted"), e("2", "pending")]);
    expect(pending.map((x) => x.id)).toEqual(["2"]);
    expect(decided.map((x) => x.id)).toEqual(["1"]);
  });
});
