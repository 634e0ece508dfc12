import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerSuggestions } from "../../db/schema.ts";
import { SEED_CATEGORIES } from "../../db/seed/categories.ts";
import { createUser } from "../../db/seed/factories.ts";
import { LIMITS } from "../../functions/lib/rate-limit.ts";
import { HONEYPOT_FIELD } from "../../src/lib/suggestion-schemas.ts";
import { client, clientAs, makeTestApp, type TestApp } from "../helpers/app.ts";

const PATH = "/api/suggestions/providers";
const CAT1 = SEED_CATEGORIES[0]!.id;
const CAT2 = SEED_CATEGORIES[1]!.id;

let t: TestApp;
let ipSeq = 0;
/** Each test gets its own IP, so the per-IP throttle only bites where it is tested. */
const fresh = () => client(t, `10.9.0.${++ipSeq}`);

const valid = (over: Record<string, unknown> = {}) => ({
  name: "  Ravi Foundry  ",
  city: "lahore",
  categoryIds: [CAT1],
  contact: "0300 1234567",
  ...over,
});

beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

async function row(id: string) {
  const [r] = await t.db.select().from(providerSuggestions).where(eq(providerSuggestions.id, id));
  return r;
}

describe("POST /api/suggestions/providers", () => {
  it("stores a visitor's suggestion as pending with the canonical city", async () => {
    const r = await fresh().post(
      PATH,
      valid({ email: " Info@Ravi.PK ", website: "www.ravi.pk", categoryIds: [CAT1, CAT2, CAT1] }),
    );
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ id: expect.any(String), status: "pending" });
    const saved = await row(r.body.id);
    expect(saved).toMatchObject({
      name: "Ravi Foundry",
      city: "Lahore",
      categoryIds: [CAT1, CAT2],
      contact: "0300 1234567",
      email: "info@ravi.pk",
      website: "https://www.ravi.pk",
      status: "pending",
      submittedBy: null,
      reviewedBy: null,
      providerId: null,
    });
  });

  it("accepts a single categoryId and treats empty email and website as not given", async () => {
    const { categoryIds: _, ...rest } = valid();
    const r = await fresh().post(PATH, { ...rest, categoryId: CAT2, email: "", website: "  " });
    expect(r.status).toBe(201);
    const saved = await row(r.body.id);
    expect(saved).toMatchObject({ categoryIds: [CAT2], email: null, website: null });
  });

  const bad: [string, Record<string, unknown>, RegExp][] = [
    ["name too short", { name: " a " }, /Name must be at least 2 characters/],
    ["name too long", { name: "x".repeat(101) }, /Name must be at most 100 characters/],
    ["name missing", { name: undefined }, /Name is required/],
    ["city too short", { city: "L" }, /City must be at least 2 characters/],
    ["city too long", { city: "x".repeat(101) }, /City must be at most 100 characters/],
    ["contact too short", { contact: " 12 " }, /Contact must be at least 3 characters/],
    ["contact too long", { contact: "1".repeat(501) }, /Contact must be at most 500 characters/],
    ["bad email", { email: "not-an-email" }, /Email must be a valid email address/],
    ["bad website", { website: "ftp://x.pk" }, /Website must be a web address/],
    ["no category", { categoryIds: [] }, /At least one category is required/],
    ["categories absent", { categoryIds: undefined }, /At least one category is required/],
    ["category not a uuid", { categoryIds: ["nope"] }, /Category must be a UUID/],
    [
      "too many categories",
      { categoryIds: Array.from({ length: 21 }, () => crypto.randomUUID()) },
      /at most 20 categories/,
    ],
  ];
  for (const [label, over, message] of bad) {
    it(`400 for ${label}`, async () => {
      const r = await fresh().post(PATH, valid(over));
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(message);
    });
  }

  it("400 for a body that is not JSON", async () => {
    const r = await fresh().request("POST", PATH, undefined, {
      "Content-Type": "application/json",
    });
    expect(r.status).toBe(400);
  });

  it("400 'Unknown city' for a city not in the list", async () => {
    const r = await fresh().post(PATH, valid({ city: "Atlantis" }));
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("Unknown city");
  });

  it("400 'Unknown category' when any id is not a category", async () => {
    const r = await fresh().post(PATH, valid({ categoryIds: [CAT1, crypto.randomUUID()] }));
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("Unknown category");
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const before = (await t.db.select().from(providerSuggestions)).length;
    const r = await fresh().post(PATH, valid({ [HONEYPOT_FIELD]: "http://spam.example" }));
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ id: expect.any(String), status: "pending" });
    expect(await row(r.body.id)).toBeUndefined();
    expect((await t.db.select().from(providerSuggestions)).length).toBe(before);
  });

  it("records who suggested when signed in", async () => {
    const userId = await createUser(t.db, { email: "suggester@example.pk", role: "customer" });
    const c = await clientAs(t, userId, "10.9.1.1");
    const r = await c.post(PATH, valid());
    expect(r.status).toBe(201);
    expect((await row(r.body.id))?.submittedBy).toBe(userId);
  });

  it("throttles one IP: 429 with Retry-After after the limit", async () => {
    const c = client(t, "10.9.2.1");
    for (let i = 0; i < LIMITS.suggestionIp.max; i++) {
      expect((await c.post(PATH, valid({ name: `Shop ${i}` }))).status).toBe(201);
    }
    const r = await c.post(PATH, valid());
    expect(r.status).toBe(429);
    expect(Number(r.res.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another machine is not affected.
    expect((await client(t, "10.9.2.2").post(PATH, valid())).status).toBe(201);
  });

  it("throttles one signed-in user across IPs", async () => {
    const userId = await createUser(t.db, { email: "busy@example.pk", role: "customer" });
    for (let i = 0; i < LIMITS.suggestionIp.max; i++) {
      const c = await clientAs(t, userId, `10.9.3.${i + 1}`);
      expect((await c.post(PATH, valid())).status).toBe(201);
    }
    const c = await clientAs(t, userId, "10.9.4.1");
    const r = await c.post(PATH, valid());
    expect(r.status).toBe(429);
    expect(r.res.headers.get("Retry-After")).toBeTruthy();
  });

  it("refuses a cross-site post", async () => {
    const r = await fresh().request("POST", PATH, valid(), { Origin: "https://evil.example" });
    expect(r.status).toBe(403);
  });
});
