/**
 * Honest prices (decision 023): listings made by approving a suggestion or by
 * the admin's 'Add Provider' have unpriced services (pricePkr null), not 0,
 * and nothing shown of them says 'PKR 0'. An owner may leave a price out, or
 * enter 0 on purpose.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerSuggestions } from "../../db/schema.ts";
import { SEED_CATEGORIES } from "../../db/seed/categories.ts";
import { createUser } from "../../db/seed/factories.ts";
import { ProviderCard } from "../../src/components/provider/ProviderCard.tsx";
import { ProviderRow } from "../../src/components/provider/ProviderRow.tsx";
import { ProviderProfile } from "../../src/features/provider/ProviderProfile.tsx";
import { setServerLocaleSource } from "../../src/i18n/index.ts";
import { toProviderCard, toProviderRow } from "../../src/lib/provider-view.ts";
import { localBusinessJsonLd } from "../../src/lib/seo.ts";
import type { ProviderPublic, ServicePublic } from "../../src/lib/types.ts";
import { client, clientAs, makeTestApp, SITE, type TestApp } from "../helpers/app.ts";

const [CAT1, CAT2] = SEED_CATEGORIES;

let t: TestApp;
let admin: Awaited<ReturnType<typeof clientAs>>;

beforeAll(async () => {
  t = await makeTestApp();
  admin = await clientAs(t, await createUser(t.db, { email: "admin@example.pk", role: "admin" }));
});
afterAll(async () => {
  setServerLocaleSource(() => undefined);
  await t.close();
});

/** The provider as the public API answers it. */
async function publicProvider(id: string): Promise<ProviderPublic> {
  const r = await client(t).get(`/api/providers/${id}`);
  expect(r.status, r.text).toBe(200);
  return r.body as ProviderPublic;
}

/** 'PKR 0' / 'Rs 0' (with any space), or an offer priced 0. */
const SAYS_ZERO = /(PKR|Rs)[\s\u00a0]*0(?![\d,])|"price":0\b/;

/** Everything a visitor or a crawler gets of the listing, in both languages. */
function everythingShown(p: ProviderPublic): string[] {
  const out = [JSON.stringify(p)];
  for (const locale of ["en", "ur"] as const) {
    setServerLocaleSource(() => locale);
    const slot = createElement("span");
    out.push(
      renderToStaticMarkup(createElement(ProviderCard, { provider: toProviderCard(p) })),
      renderToStaticMarkup(
        createElement(ProviderRow, { provider: toProviderRow(p, "short"), favorite: slot }),
      ),
      renderToStaticMarkup(
        createElement(ProviderProfile, {
          provider: p,
          gallery: [],
          contact: slot,
          favorite: slot,
          quote: slot,
        }),
      ),
      JSON.stringify(localBusinessJsonLd(SITE, p, p.path, [], locale)),
    );
  }
  setServerLocaleSource(() => undefined);
  return out;
}

function expectUnpriced(p: ProviderPublic, services: number) {
  expect(p.services).toHaveLength(services);
  expect(p.services.map((s: ServicePublic) => s.pricePkr)).toEqual(Array(services).fill(null));
  // No provider-level 'from' price either.
  expect(p.pricePkr).toBeNull();
  for (const shown of everythingShown(p)) expect(shown).not.toMatch(SAYS_ZERO);
  const ld = localBusinessJsonLd(SITE, p, p.path, [], "en");
  expect(ld).not.toHaveProperty("priceRange");
}

describe("listings nobody has priced", () => {
  it("approving a suggestion creates unpriced services", async () => {
    const id = crypto.randomUUID();
    await t.db.insert(providerSuggestions).values({
      id,
      name: "Zarghun Steel Works",
      city: "Quetta",
      categoryIds: [CAT1!.id, CAT2!.id],
      contact: "0300 1234567",
      status: "pending",
    });
    const r = await admin.post(`/api/admin/suggestions/${id}/approve`, {});
    expect(r.status, r.text).toBe(200);
    const p = await publicProvider(r.body.providerId);
    expectUnpriced(p, 2);
    expect(everythingShown(p).join("")).toContain("Price on request");
  });

  it("the admin's 'Add Provider' and 'add category' create unpriced services", async () => {
    const r = await admin.post("/api/admin/providers", {
      companyName: "Bolan Fabricators",
      location: "Quetta — Sariab Road",
      categoryIds: [CAT1!.id],
    });
    expect(r.status, r.text).toBe(201);
    expect(r.body.services.map((s: { pricePkr: number | null }) => s.pricePkr)).toEqual([null]);
    const added = await admin.post(`/api/admin/providers/${r.body.id}/services`, {
      categoryId: CAT2!.id,
    });
    expect(added.status, added.text).toBe(201);
    expectUnpriced(await publicProvider(r.body.id), 2);
  });
});

describe("an owner's prices", () => {
  it("may be left out (null) or 0 on purpose (free), and cleared again", async () => {
    const c = await clientAs(
      t,
      await createUser(t.db, { email: "owner@example.pk", role: "provider" }),
    );
    const created = await c.post("/api/providers", {
      companyName: "Mehran Moulds",
      location: "Karachi — SITE",
    });
    expect(created.status, created.text).toBe(201);
    const providerId = created.body.id as string;
    const base = { providerId, categoryId: CAT1!.id };

    const unpriced = await c.post("/api/services", { ...base, name: "Moulds" });
    expect(unpriced.status, unpriced.text).toBe(201);
    expect(unpriced.body.pricePkr).toBeNull();
    const blank = await c.post("/api/services", { ...base, name: "Repairs", pricePkr: "" });
    expect(blank.body.pricePkr).toBeNull();
    const free = await c.post("/api/services", { ...base, name: "Advice", pricePkr: 0 });
    expect(free.status, free.text).toBe(201);
    expect(free.body.pricePkr).toBe(0);

    const priced = await c.patch(`/api/services/${unpriced.body.id}`, { pricePkr: 45_000 });
    expect(priced.body.pricePkr).toBe(45_000);
    const cleared = await c.patch(`/api/services/${unpriced.body.id}`, { pricePkr: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.pricePkr).toBeNull();

    const p = await publicProvider(providerId);
    expect(p.services.map((s) => [s.name, s.pricePkr])).toEqual([
      ["Moulds", null],
      ["Repairs", null],
      ["Advice", 0],
    ]);
    const ld = localBusinessJsonLd(SITE, p, p.path, [], "en");
    expect(ld).toMatchObject({ priceRange: "PKR 0" });
    const html = everythingShown(p)[3]; // the answer, the card, the row, the English page
    expect(html).toContain("Free");
    expect(html).toContain("Price on request");
  });

  it("the API document says a service's price may be null", async () => {
    const res = await t.app.request("/api/openapi.json");
    const doc = (await res.json()) as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    const price = JSON.stringify(doc.components.schemas.Service!.properties.pricePkr);
    expect(price).toContain("null");
    expect(price).toContain("Price on request");
  });
});
