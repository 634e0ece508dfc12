/**
 * 'Suggest an edit' (decision 025): proposals stored all or
 * none, decided by the listing's owner or an admin, each decision one
 * transaction with its audit row, the change on the page and in the search,
 * and a mail to the proposer in their language.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as edits from "../../db/queries/edits.ts";
import { getDataVersion, pageChangesSince } from "../../db/queries/site-meta.ts";
import {
  adminAudit,
  listingEdits,
  providers,
  serviceCategories,
  services,
  users,
} from "../../db/schema.ts";
import { SEED_CATEGORIES } from "../../db/seed/categories.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { LIMITS } from "../../functions/lib/rate-limit.ts";
import { localizeError, installErrorTable } from "../../src/i18n/errors.ts";
import { translateError } from "../../src/i18n/error-table.ts";
import { editListSchema, editViewSchema, type EditView } from "../../src/lib/edit-schemas.ts";
import { slugify } from "../../src/lib/slug.ts";
import { client, clientAs, makeTestApp, SITE, type TestApp } from "../helpers/app.ts";

type Client = Awaited<ReturnType<typeof clientAs>>;

const [weld, cast, print] = SEED_CATEGORIES as [
  (typeof SEED_CATEGORIES)[0],
  (typeof SEED_CATEGORIES)[0],
  (typeof SEED_CATEGORIES)[0],
];

let t: TestApp;
const id = {} as Record<"customer" | "urdu" | "owner" | "owner2" | "admin", string>;
let customer: Client;
let urdu: Client;
let owner2: Client;
let admin: Client;
let userNo = 0;

beforeAll(async () => {
  t = await makeTestApp();
  id.customer = await createUser(t.db, { email: "sana@example.pk", firstName: "Sana" });
  id.urdu = await createUser(t.db, { email: "imran@example.pk", firstName: "Imran" });
  await t.db.update(users).set({ locale: "ur" }).where(eq(users.id, id.urdu));
  id.owner = await createUser(t.db, { email: "owner@example.pk", role: "provider" });
  id.owner2 = await createUser(t.db, { email: "owner2@example.pk", role: "provider" });
  id.admin = await createUser(t.db, { email: "admin@example.pk", role: "admin" });
  customer = await clientAs(t, id.customer);
  urdu = await clientAs(t, id.urdu);
  owner2 = await clientAs(t, id.owner2);
  admin = await clientAs(t, id.admin);
});
afterAll(() => t.close());
// Each test proposes as much as it needs: the per-account limit has a test of its own.
beforeEach(async () => {
  await t.db.run(sql`DELETE FROM rate_limits`);
});

/** A listing of its own for each test (owned by `userId`, or nobody). */
async function listing(name: string, opts: { userId?: string; city?: string } = {}) {
  return createProvider(t.db, {
    companyName: name,
    city: opts.city ?? "Lahore",
    address: "Badami Bagh",
    userId: opts.userId ?? null,
    phone: "0300 1111111",
    email: "old@example.pk",
    website: "https://old.example.pk",
    services: [{ categoryId: weld.id, name: "Gate welding", pricePkr: 5000 }],
  });
}

/** A signed-in customer of its own (for the per-user limit). */
async function freshCustomer() {
  const userId = await createUser(t.db, { email: `visitor${++userNo}@example.pk` });
  return { userId, c: await clientAs(t, userId) };
}

async function propose(c: Client, providerId: string, proposals: unknown[]) {
  return c.post("/api/edits", { providerId, proposals });
}

/** Proposes and expects them stored: their ids in order. */
async function proposed(c: Client, providerId: string, proposals: unknown[]) {
  const r = await propose(c, providerId, proposals);
  expect(r.status, r.text).toBe(201);
  return r.body.ids as string[];
}

const editRows = (providerId: string) =>
  t.db.select().from(listingEdits).where(eq(listingEdits.providerId, providerId));
const row = async (providerId: string) =>
  (await t.db.select().from(providers).where(eq(providers.id, providerId)))[0]!;
const lastMailTo = (email: string) => t.outbox.findLast((m) => m.to === email);
const audits = (providerId: string, action: string) =>
  t.db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.targetId, providerId), eq(adminAudit.action, action)));
async function searchIds(q: string) {
  const r = await client(t).get(`/api/providers?search=${encodeURIComponent(q)}`);
  return (r.body as { id: string }[]).map((p) => p.id);
}

describe("POST /api/edits", () => {
  it("stores a visitor's proposals as pending, for the admins when nobody owns the listing", async () => {
    const p = await listing("Ravi Steel Works");
    const r = await propose(customer, p, [
      { field: "phone", value: "0321 7654321", note: "I called: the old one is off." },
      { field: "website", value: "ravisteel.pk" },
      { field: "location", value: { city: "karachi", address: " SITE Area " } },
      { field: "categories", value: [weld.id, cast.id, cast.id] },
    ]);
    expect(r.status, r.text).toBe(201);
    expect(r.body).toEqual({ ids: expect.any(Array), reviewer: "admin" });
    expect(r.body.ids).toHaveLength(4);
    const stored = await editRows(p);
    expect(
      Object.fromEntries(stored.map((e) => [e.field, [e.value, e.note, e.status, e.userId]])),
    ).toEqual({
      // The phone as the listing will store it, the city spelled as known, no repeats.
      phone: ["+923217654321", "I called: the old one is off.", "pending", id.customer],
      website: ["https://ravisteel.pk", "", "pending", id.customer],
      location: [{ city: "Karachi", address: "SITE Area" }, "", "pending", id.customer],
      categories: [[weld.id, cast.id], "", "pending", id.customer],
    });
    // Nothing on the listing changes before a decision.
    expect((await row(p)).phone).toBe("+923001111111");
  });

  it("sends a claimed listing's proposals to its owner, who is mailed the fields but not the values", async () => {
    const p = await listing("Owned Forge", { userId: id.owner });
    const adminMails = t.outbox.filter((m) => m.to === "admin@example.pk").length;
    const r = await propose(customer, p, [
      { field: "closed", note: "Shutter down since March, call me on 0333 0000000" },
      { field: "phone", value: "0321 5550000" },
    ]);
    expect(r.status, r.text).toBe(201);
    expect(r.body.reviewer).toBe("owner");
    const mail = lastMailTo("owner@example.pk")!;
    expect(mail.subject).toBe("Someone suggested a change to Owned Forge");
    expect(mail.text).toContain("permanently closed, phone number");
    expect(mail.text).toContain("/provider-dashboard");
    // What a stranger typed stays in the dashboard.
    expect(mail.text).not.toContain("0333");
    expect(mail.text).not.toContain("0321");
    expect(t.outbox.filter((m) => m.to === "admin@example.pk")).toHaveLength(adminMails);
  });

  it("refuses signed-out visitors, the owner, and unknown or inactive listings", async () => {
    const p = await listing("Guarded Works", { userId: id.owner2 });
    expect((await client(t).post("/api/edits", { providerId: p, proposals: [] })).status).toBe(401);
    const own = await propose(owner2, p, [{ field: "closed" }]);
    expect(own.status).toBe(403);
    expect(own.body.error).toBe(edits.OWN_LISTING);
    const ghost = await propose(customer, crypto.randomUUID(), [{ field: "closed" }]);
    expect([ghost.status, ghost.body.error]).toEqual([404, "Listing not found"]);
    const off = await createProvider(t.db, { companyName: "Dormant Works", isActive: false });
    expect((await propose(customer, off, [{ field: "closed" }])).status).toBe(404);
  });

  it("checks the payload: fields, notes, repeats of a field", async () => {
    const p = await listing("Checked Works");
    const bad = async (proposals: unknown[]) => {
      const r = await propose(customer, p, proposals);
      expect(r.status, r.text).toBe(400);
      return r.body.error as string;
    };
    expect(await bad([])).toContain("Propose at least one change");
    expect(await bad([{ field: "colour", value: "red" }])).toBeTruthy();
    expect(await bad([{ field: "phone", value: "" }])).toContain("Phone is required");
    expect(await bad([{ field: "phone", value: "call me" }])).toContain("Phone may only contain");
    expect(await bad([{ field: "email", value: "nope" }])).toContain("valid email address");
    expect(await bad([{ field: "categories", value: [] }])).toContain(
      "Choose at least one category",
    );
    expect(await bad([{ field: "closed", note: "x".repeat(501) }])).toContain(
      "Note must be at most 500 characters",
    );
    expect(await bad([{ field: "closed" }, { field: "closed" }])).toContain(
      "Each field may be proposed once",
    );
    expect(await editRows(p)).toEqual([]);
  });

  it("refuses unknown cities and categories, a bad duplicate target and proposals that change nothing", async () => {
    const p = await listing("Strict Works");
    const other = await listing("Other Works");
    const off = await createProvider(t.db, { companyName: "Shut Works", isActive: false });
    const cases: [unknown, string][] = [
      [{ field: "location", value: { city: "Atlantis", address: "" } }, "Unknown city"],
      [{ field: "categories", value: [crypto.randomUUID()] }, "Unknown category"],
      [{ field: "duplicate", value: p }, edits.BAD_DUPLICATE],
      [{ field: "duplicate", value: off }, edits.BAD_DUPLICATE],
      [{ field: "duplicate", value: crypto.randomUUID() }, edits.BAD_DUPLICATE],
      [{ field: "location", value: { city: "lahore", address: "Badami Bagh" } }, edits.NO_CHANGE],
      [{ field: "categories", value: [weld.id] }, edits.NO_CHANGE],
    ];
    for (const [proposal, error] of cases) {
      await t.db.run(sql`DELETE FROM rate_limits`);
      const r = await propose(customer, p, [proposal]);
      expect([r.status, r.body.error], JSON.stringify(proposal)).toEqual([400, error]);
    }
    expect((await propose(customer, p, [{ field: "duplicate", value: other }])).status).toBe(201);
  });

  it("takes a contact detail equal to the listing's like any other: the answer confirms no guess", async () => {
    const owners = [await freshCustomer(), await freshCustomer()];
    const p = await listing("Guessed Works", { userId: owners[0]!.userId });
    const other = await listing("Guessed Other Works", { userId: owners[1]!.userId });
    const wrongValue = { phone: "0300 9999999", email: "x@example.pk", website: "x.pk" };
    const answers = new Set<string>();
    for (const proposal of [
      { field: "phone", value: "0300-1111111" },
      { field: "email", value: "OLD@example.pk" },
      { field: "website", value: "old.example.pk" },
    ] as const) {
      const wrongProposal = { field: proposal.field, value: wrongValue[proposal.field] };
      const right = await propose(customer, p, [proposal]);
      const wrong = await propose(customer, other, [wrongProposal]);
      // The same status and the same shape of answer, whether the guess was right or not.
      for (const r of [right, wrong]) {
        answers.add(JSON.stringify([r.status, Object.keys(r.body).sort(), r.body.reviewer]));
      }
      // Both hold the field's pending place: guessing again answers the same 409 either way.
      const again = await propose(urdu, p, [proposal]);
      const againWrong = await propose(urdu, other, [wrongProposal]);
      expect([again.status, again.body]).toEqual([409, { error: edits.EDIT_PENDING }]);
      expect([againWrong.status, againWrong.body]).toEqual([again.status, again.body]);
    }
    expect([...answers]).toEqual([JSON.stringify([201, ["ids", "reviewer"], "owner"])]);

    // The reviewer sees that it changes nothing; accepting it leaves the listing as it was.
    const viewsOf = async (i: number) => {
      const r = await (await clientAs(t, owners[i]!.userId)).get("/api/my-provider/edits");
      expect(r.status).toBe(200);
      return (r.body as { items: EditView[] }).items;
    };
    const mine = await viewsOf(0);
    expect(mine.map((e) => [e.field, e.noChange])).toEqual([
      ["phone", true],
      ["email", true],
      ["website", true],
    ]);
    expect((await viewsOf(1)).map((e) => e.noChange)).toEqual([false, false, false]);
    const before = await row(p);
    const owner = await clientAs(t, owners[0]!.userId);
    const r = await owner.post(`/api/my-provider/edits/${mine[0]!.id}/accept`);
    expect(r.status, r.text).toBe(200);
    expect([r.body.status, r.body.noChange]).toEqual(["accepted", false]);
    expect((await row(p)).phone).toBe(before.phone);
    // Out of the admins' queue, which the paging test below reads.
    for (const [i, e] of [
      ...mine.slice(1).map((e) => [0, e] as const),
      ...(await viewsOf(1)).map((e) => [1, e] as const),
    ]) {
      const as = await clientAs(t, owners[i]!.userId);
      const done = await as.post(`/api/my-provider/edits/${e.id}/reject`, { reason: "Not so" });
      expect(done.status, done.text).toBe(200);
    }
  });

  it("stores all of a request's proposals or none", async () => {
    const p = await listing("Atomic Works");
    // The second is wrong: the first is not kept either.
    const r = await propose(customer, p, [
      { field: "phone", value: "0333 2222222" },
      { field: "location", value: { city: "Atlantis", address: "" } },
    ]);
    expect(r.status).toBe(400);
    expect(await editRows(p)).toEqual([]);
    // A field with a pending proposal refuses the whole request too.
    await proposed(urdu, p, [{ field: "email", value: "new@example.pk" }]);
    const clash = await propose(customer, p, [
      { field: "website", value: "atomic.pk" },
      { field: "email", value: "other@example.pk" },
    ]);
    expect([clash.status, clash.body.error]).toEqual([409, edits.EDIT_PENDING]);
    expect((await editRows(p)).map((e) => e.field)).toEqual(["email"]);
  });

  it("allows one pending proposal per field per listing, and a new one once it is decided", async () => {
    const p = await listing("Single Works");
    const [first] = await proposed(customer, p, [{ field: "website", value: "single.pk" }]);
    const again = await propose(urdu, p, [{ field: "website", value: "single-works.pk" }]);
    expect(again.status).toBe(409);
    const r = await admin.post(`/api/admin/edits/${first}/reject`, { reason: "Not their site" });
    expect(r.status, r.text).toBe(200);
    await proposed(urdu, p, [{ field: "website", value: "single-works.pk" }]);
  });

  it("counts requests per account: the next one past the day's limit is a 429", async () => {
    const p = await listing("Busy Works");
    const { userId, c } = await freshCustomer();
    for (let i = 0; i < LIMITS.editUser.max; i++) {
      // Refused requests count too: a bot cannot probe for free.
      const refused = { field: "location", value: { city: "Lahore", address: "Badami Bagh" } };
      expect((await propose(c, p, [refused])).status).toBe(400);
    }
    const over = await propose(c, p, [{ field: "closed" }]);
    expect(over.status).toBe(429);
    expect(Number(over.res.headers.get("Retry-After"))).toBeGreaterThan(20 * 60 * 60);
    expect(t.events.at(-1)).toMatchObject({ event: "rate_limited", limit: "editUser", userId });
    // Another account is not affected.
    expect((await propose(customer, p, [{ field: "closed" }])).status).toBe(201);
  });
});

describe("the owner's suggested changes", () => {
  it("lists the owner's proposals, pending first, with the current value and the proposer's first name", async () => {
    const p = await listing("Listed Works", { userId: (await ownerOf("Listed Works")).userId });
    const o = await ownerClient(p);
    const [phone] = await proposed(customer, p, [{ field: "phone", value: "0345 5555555" }]);
    const [site] = await proposed(urdu, p, [{ field: "website", value: "listed.pk" }]);
    await o.post(`/api/my-provider/edits/${phone}/reject`, { reason: "This is our number." });
    const [loc] = await proposed(customer, p, [
      { field: "location", value: { city: "Multan", address: "" } },
    ]);
    const r = await o.get("/api/my-provider/edits");
    expect(r.status).toBe(200);
    expect(r.res.headers.get("Cache-Control")).toBe("private, no-store");
    const list = editListSchema.parse(r.body);
    expect(list.items.map((e) => [e.id, e.status])).toEqual([
      [site, "pending"],
      [loc, "pending"],
      [phone, "rejected"],
    ]);
    const [first, second, third] = list.items as [EditView, EditView, EditView];
    expect(first).toMatchObject({
      field: "website",
      value: "https://listed.pk",
      current: "https://old.example.pk",
      duplicateOf: null,
      proposer: { name: "Imran" },
      provider: { id: p, companyName: "Listed Works" },
    });
    expect(first.proposer).not.toHaveProperty("email");
    expect(first.provider.path).toBe(`/pk/lahore/${slugify(weld.name)}/listed-works-${p}`);
    expect(second.current).toEqual({ city: "Lahore", address: "Badami Bagh" });
    expect(third).toMatchObject({ reason: "This is our number.", decidedAt: expect.any(String) });
  });

  it("is 404 for an account without a listing", async () => {
    const r = await customer.get("/api/my-provider/edits");
    expect([r.status, r.body.error]).toEqual([404, "No provider profile yet"]);
  });

  it("lets an owner decide only their own listing's proposals", async () => {
    const mine = await listing("Mine Works", { userId: (await ownerOf("Mine Works")).userId });
    const theirs = await listing("Theirs Works", {
      userId: (await ownerOf("Theirs Works")).userId,
    });
    const unclaimed = await listing("Nobody Works");
    const [a] = await proposed(customer, theirs, [{ field: "closed" }]);
    const [b] = await proposed(customer, unclaimed, [{ field: "closed" }]);
    const o = await ownerClient(mine);
    for (const editId of [a, b, crypto.randomUUID(), "not-a-uuid"]) {
      expect((await o.post(`/api/my-provider/edits/${editId}/accept`)).status).toBe(404);
      const r = await o.post(`/api/my-provider/edits/${editId}/reject`, { reason: "No way" });
      expect([r.status, r.body.error]).toEqual([404, "Proposal not found"]);
    }
    expect((await row(theirs)).isActive).toBe(true);
    expect((await editRows(theirs))[0]!.status).toBe("pending");
  });

  it("decides nothing for an owner an admin detached, even with the dashboard still open", async () => {
    const p = await listing("Detached Works", { userId: (await ownerOf("Detached Works")).userId });
    const o = await ownerClient(p);
    const [close, site] = await proposed(customer, p, [
      { field: "closed" },
      { field: "website", value: "detached.pk" },
    ]);
    // The owner's dashboard listed them; then an admin detaches the owner.
    expect((await o.get("/api/my-provider/edits")).body.items).toHaveLength(2);
    expect((await admin.post(`/api/admin/providers/${p}/detach`)).status).toBe(200);
    const accept = await o.post(`/api/my-provider/edits/${close}/accept`);
    expect([accept.status, accept.body.error]).toEqual([404, "Proposal not found"]);
    const reject = await o.post(`/api/my-provider/edits/${site}/reject`, { reason: "Wrong site" });
    expect(reject.status).toBe(404);
    expect((await row(p)).isActive).toBe(true);
    expect((await editRows(p)).map((e) => e.status)).toEqual(["pending", "pending"]);
    expect(await audits(p, "edit.accept")).toEqual([]);
  });

  it("checks the owner inside the decision's transaction, not before it", async () => {
    const ownerId = (await ownerOf("Racing Works")).userId;
    const p = await listing("Racing Works", { userId: ownerId });
    const [close] = await proposed(customer, p, [{ field: "closed" }]);
    // The route has let the owner through; the owner is detached before the decision runs.
    await t.db.update(providers).set({ userId: null }).where(eq(providers.id, p));
    const result = await edits.decideEdit(
      t.db,
      close!,
      { accept: true },
      { id: ownerId, as: "owner" },
      new Date(),
    );
    expect(result).toEqual({ kind: "error", status: 404, message: "Proposal not found" });
    expect((await row(p)).isActive).toBe(true);
    expect((await editRows(p))[0]!.status).toBe("pending");
    // An admin still decides it.
    const byAdmin = await edits.decideEdit(
      t.db,
      close!,
      { accept: true },
      { id: id.admin, as: "admin" },
      new Date(),
    );
    expect(byAdmin.kind).toBe("ok");
  });
});

/** A provider account of its own for a listing named `name`. */
async function ownerOf(name: string) {
  const userId = await createUser(t.db, {
    email: `${slugify(name)}@example.pk`,
    role: "provider",
    firstName: "Owner",
  });
  return { userId };
}
async function ownerClient(providerId: string) {
  return clientAs(t, (await row(providerId)).userId!);
}

describe("accepting", () => {
  it("applies a phone in E.164 with an audit entry, marks the page changed and mails the proposer", async () => {
    const p = await listing("Phone Works", { userId: (await ownerOf("Phone Works")).userId });
    const o = await ownerClient(p);
    const [e] = await proposed(customer, p, [{ field: "phone", value: "042 3576 1234" }]);
    const since = await getDataVersion(t.db);
    const r = await o.post(`/api/my-provider/edits/${e}/accept`);
    expect(r.status, r.text).toBe(200);
    expect(editViewSchema.parse(r.body)).toMatchObject({
      id: e,
      status: "accepted",
      current: "+924235761234",
    });
    const now = await row(p);
    expect([now.phone, now.phoneOnWhatsapp]).toEqual(["+924235761234", false]);
    const [audit] = await audits(p, "edit.accept");
    expect(audit).toMatchObject({
      actorId: now.userId,
      targetType: "provider",
      before: { phone: "+923001111111", phoneOnWhatsapp: true },
      after: { phone: "+924235761234", editId: e, field: "phone", decidedAs: "owner" },
    });
    expect([...(await pageChangesSince(t.db, since)).keys()].sort()).toEqual(
      [`provider:${p}`, "city:lahore"].sort(),
    );
    expect(t.dirty.at(-1)).toContain(e);
    const mail = lastMailTo("sana@example.pk")!;
    expect(mail.subject).toBe("Your suggested change to Phone Works was accepted");
    expect(mail.text).toContain("Your suggestion for Phone Works (phone number) has been accepted");
    expect(mail.text).toContain(`${SITE}/pk/lahore/${slugify(weld.name)}/phone-works-${p}`);
  });

  it("moves a listing to another city: both cities' pages change and the search finds it there", async () => {
    const p = await listing("Mover Works");
    const [e] = await proposed(urdu, p, [
      { field: "location", value: { city: "Faisalabad", address: "Jhang Road" } },
    ]);
    const since = await getDataVersion(t.db);
    expect((await admin.post(`/api/admin/edits/${e}/accept`)).status).toBe(200);
    const now = await row(p);
    expect([now.location, now.city]).toEqual(["Faisalabad — Jhang Road", "Faisalabad"]);
    expect([...(await pageChangesSince(t.db, since)).keys()].sort()).toEqual(
      [`provider:${p}`, "city:faisalabad", "city:lahore"].sort(),
    );
    const r = await client(t).get("/api/providers?city=Faisalabad");
    expect((r.body as { id: string }[]).map((x) => x.id)).toContain(p);
    // The Urdu reader's mail is in Urdu and links the Urdu page.
    const mail = lastMailTo("imran@example.pk")!;
    expect(mail.subject).toBe("Mover Works کے لیے آپ کی تجویز کردہ تبدیلی منظور ہو گئی");
    expect(mail.text).toContain("(شہر اور پتا)");
    expect(mail.text).toContain(`${SITE}/ur/pk/faisalabad/`);
    expect(mail.html).toContain('<html lang="ur" dir="rtl">');
  });

  it("sets email and website", async () => {
    const p = await listing("Contact Works");
    const ids = await proposed(customer, p, [
      { field: "email", value: "Sales@Contact.pk" },
      { field: "website", value: "contact.pk/home" },
    ]);
    for (const e of ids)
      expect((await admin.post(`/api/admin/edits/${e}/accept`)).status).toBe(200);
    const now = await row(p);
    expect([now.email, now.website]).toEqual(["sales@contact.pk", "https://contact.pk/home"]);
  });

  it("changes categories through services: an unpriced service per new category, the dropped ones' services removed", async () => {
    const p = await listing("Category Works");
    const [e] = await proposed(customer, p, [{ field: "categories", value: [cast.id, print.id] }]);
    expect((await admin.post(`/api/admin/edits/${e}/accept`)).status).toBe(200);
    const svc = await t.db.select().from(services).where(eq(services.providerId, p));
    expect(svc.map((s) => [s.categoryId, s.name, s.pricePkr]).sort()).toEqual(
      [
        [cast.id, cast.name, null],
        [print.id, print.name, null],
      ].sort(),
    );
    const [audit] = await audits(p, "edit.accept");
    expect(audit!.before).toMatchObject({
      categories: [weld.id],
      removedServices: [{ name: "Gate welding", pricePkr: 5000 }],
    });
    // The search index follows: found by the new category, not by the old service.
    expect(await searchIds(cast.name)).toContain(p);
    expect(await searchIds("Gate welding")).not.toContain(p);
  });

  it("closes a listing: inactive, closedAt set, out of the search, its other proposals withdrawn", async () => {
    const p = await listing("Closing Works", { userId: (await ownerOf("Closing Works")).userId });
    expect(await searchIds("Closing Works")).toContain(p);
    const [closed] = await proposed(customer, p, [{ field: "closed", note: "Shop is empty" }]);
    const [phone] = await proposed(urdu, p, [{ field: "phone", value: "0300 9999999" }]);
    const o = await ownerClient(p);
    const r = await o.post(`/api/my-provider/edits/${closed}/accept`);
    expect(r.status, r.text).toBe(200);
    const now = await row(p);
    expect(now.isActive).toBe(false);
    expect(now.closedAt).toBeInstanceOf(Date);
    expect(await searchIds("Closing Works")).not.toContain(p);
    const rows = await editRows(p);
    expect(rows.find((x) => x.id === phone)).toMatchObject({ status: "withdrawn" });
    const [audit] = await audits(p, "edit.accept");
    expect(audit!.after).toMatchObject({ isActive: false, withdrawnProposals: 1 });
    // The listing is gone from the public API, and no longer takes proposals.
    expect((await client(t).get(`/api/providers/${p}`)).status).toBe(404);
    expect((await propose(customer, p, [{ field: "website", value: "x.pk" }])).status).toBe(404);
  });

  it("merges a duplicate into the kept listing", async () => {
    const kept = await listing("Kept Works");
    const dup = await listing("Kept Works Duplicate");
    const [e] = await proposed(customer, dup, [{ field: "duplicate", value: kept }]);
    const list = await admin.get("/api/admin/edits");
    const view = (list.body as EditView[]).find((x) => x.id === e)!;
    expect(view.duplicateOf).toEqual({
      id: kept,
      companyName: "Kept Works",
      path: `/pk/lahore/${slugify(weld.name)}/kept-works-${kept}`,
    });
    expect((await admin.post(`/api/admin/edits/${e}/accept`)).status).toBe(200);
    const now = await row(dup);
    expect([now.isActive, now.duplicateOfId, now.closedAt]).toEqual([false, kept, null]);
  });

  it("refuses to merge into a listing that went inactive meanwhile, changing nothing", async () => {
    const kept = await listing("Vanishing Works");
    const dup = await listing("Vanishing Works Copy");
    const [e] = await proposed(customer, dup, [{ field: "duplicate", value: kept }]);
    await t.db.update(providers).set({ isActive: false }).where(eq(providers.id, kept));
    const r = await admin.post(`/api/admin/edits/${e}/accept`);
    expect([r.status, r.body.error]).toEqual([409, edits.DUPLICATE_GONE]);
    expect((await row(dup)).isActive).toBe(true);
    expect((await editRows(dup))[0]).toMatchObject({ status: "pending", decidedAt: null });
    expect(await audits(dup, "edit.accept")).toEqual([]);
  });

  it("decides a proposal once: a second decision is a 409, also when two race", async () => {
    const p = await listing("Race Works");
    const [e] = await proposed(customer, p, [{ field: "website", value: "race.pk" }]);
    const answers = await Promise.all([
      admin.post(`/api/admin/edits/${e}/accept`),
      admin.post(`/api/admin/edits/${e}/reject`, { reason: "Too late" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error).toBe(edits.ALREADY_DECIDED);
    expect((await admin.post(`/api/admin/edits/${e}/accept`)).status).toBe(409);
    const decidedAudits = [
      ...(await audits(p, "edit.accept")),
      ...(await audits(p, "edit.reject")),
    ];
    expect(decidedAudits).toHaveLength(1);
  });
});

describe("undoing a change of categories (decision 029)", () => {
  it("gives back the removed services whole and takes away the untouched added ones, once", async () => {
    const ownerId = (await ownerOf("Undone Works")).userId;
    const p = await createProvider(t.db, {
      companyName: "Undone Works",
      city: "Lahore",
      userId: ownerId,
      services: [
        {
          categoryId: weld.id,
          name: "Gate welding",
          pricePkr: 5000,
          description: "MS and SS gates, fitted on site",
        },
      ],
    });
    const [gate] = await t.db.select().from(services).where(eq(services.providerId, p));
    const o = await clientAs(t, ownerId);
    const [e] = await proposed(customer, p, [{ field: "categories", value: [cast.id, print.id] }]);
    const accepted = await admin.post(`/api/admin/edits/${e}/accept`);
    expect([accepted.status, accepted.body.undoable, accepted.body.undoneAt]).toEqual([
      200,
      true,
      null,
    ]);
    // The audit keeps the removed service whole, as the proposal does for its undo.
    const [audit] = await audits(p, "edit.accept");
    expect(audit!.before).toMatchObject({
      removedServices: [
        { id: gate!.id, description: "MS and SS gates, fitted on site", pricePkr: 5000 },
      ],
    });
    // The owner prices one of the added services before changing their mind.
    const added = await t.db.select().from(services).where(eq(services.providerId, p));
    const casting = added.find((x) => x.categoryId === cast.id)!;
    const priced = await o.patch(`/api/services/${casting.id}`, { pricePkr: 12000 });
    expect(priced.status, priced.text).toBe(200);

    const version = await getDataVersion(t.db);
    const r = await o.post(`/api/my-provider/edits/${e}/undo`);
    expect(r.status, r.text).toBe(200);
    expect(editViewSchema.parse(r.body)).toMatchObject({
      id: e,
      status: "accepted",
      undoable: false,
      undoneAt: expect.any(String),
    });
    const now = await t.db.select().from(services).where(eq(services.providerId, p));
    expect(now.map((x) => [x.id, x.categoryId, x.pricePkr]).sort()).toEqual(
      [
        [gate!.id, weld.id, 5000],
        [casting.id, cast.id, 12000],
      ].sort(),
    );
    const back = now.find((x) => x.id === gate!.id)!;
    expect([back.name, back.description, back.isActive, back.createdAt]).toEqual([
      "Gate welding",
      "MS and SS gates, fitted on site",
      true,
      gate!.createdAt,
    ]);
    const [undone] = await audits(p, "edit.undo");
    expect(undone).toMatchObject({
      actorId: ownerId,
      after: {
        editId: e,
        restoredServices: [gate!.id],
        keptServices: [casting.id],
        decidedAs: "owner",
      },
    });
    expect((undone!.after as { removedServices: string[] }).removedServices).toHaveLength(1);
    expect([...(await pageChangesSince(t.db, version)).keys()]).toContain(`provider:${p}`);
    expect(await searchIds("Gate welding")).toContain(p);

    // Once only; the listing is as the undo left it.
    const again = await admin.post(`/api/admin/edits/${e}/undo`);
    expect([again.status, again.body.error]).toEqual([409, edits.ALREADY_UNDONE]);
    const list = await o.get("/api/my-provider/edits");
    const shown = (list.body as { items: EditView[] }).items.find((x) => x.id === e)!;
    expect([shown.undoable, shown.undoneAt]).toEqual([false, r.body.undoneAt]);
  });

  it("is only for an accepted change of categories, by the listing's owner now or an admin", async () => {
    const ownerId = (await ownerOf("Guarded Undo Works")).userId;
    const p = await listing("Guarded Undo Works", { userId: ownerId });
    const o = await clientAs(t, ownerId);
    const [cats, site] = await proposed(customer, p, [
      { field: "categories", value: [cast.id] },
      { field: "website", value: "guarded.pk" },
    ]);
    // Pending: nothing to undo yet.
    const early = await o.post(`/api/my-provider/edits/${cats}/undo`);
    expect([early.status, early.body.error]).toEqual([409, edits.NOT_UNDOABLE]);
    expect((await o.post(`/api/my-provider/edits/${cats}/accept`)).status).toBe(200);
    expect((await o.post(`/api/my-provider/edits/${site}/accept`)).status).toBe(200);
    const other = await owner2.post(`/api/my-provider/edits/${cats}/undo`);
    expect([other.status, other.body.error]).toEqual([404, "Proposal not found"]);
    expect((await customer.post(`/api/my-provider/edits/${cats}/undo`)).status).toBe(404);
    expect((await o.post(`/api/my-provider/edits/${crypto.randomUUID()}/undo`)).status).toBe(404);
    expect((await o.post("/api/my-provider/edits/not-a-uuid/undo")).status).toBe(404);
    const website = await o.post(`/api/my-provider/edits/${site}/undo`);
    expect([website.status, website.body.error]).toEqual([409, edits.NOT_UNDOABLE]);
    // Detached, the former owner undoes nothing; an admin may.
    expect((await admin.post(`/api/admin/providers/${p}/detach`)).status).toBe(200);
    expect((await o.post(`/api/my-provider/edits/${cats}/undo`)).status).toBe(404);
    expect(await audits(p, "edit.undo")).toEqual([]);
    const byAdmin = await admin.post(`/api/admin/edits/${cats}/undo`);
    expect(byAdmin.status, byAdmin.text).toBe(200);
    const svc = await t.db.select().from(services).where(eq(services.providerId, p));
    expect(svc.map((x) => x.categoryId)).toEqual([weld.id]);
  });

  it("changes nothing when a category it removed no longer exists", async () => {
    const gone = crypto.randomUUID();
    await t.db
      .insert(serviceCategories)
      .values({ id: gone, name: "Undo Gone Category", slug: "undo-gone-category" });
    const p = await createProvider(t.db, {
      companyName: "Gone Category Works",
      city: "Lahore",
      services: [{ categoryId: gone, name: "Old trade", pricePkr: 100 }],
    });
    const [e] = await proposed(customer, p, [{ field: "categories", value: [cast.id] }]);
    expect((await admin.post(`/api/admin/edits/${e}/accept`)).status).toBe(200);
    await t.db.delete(serviceCategories).where(eq(serviceCategories.id, gone));
    const r = await admin.post(`/api/admin/edits/${e}/undo`);
    expect([r.status, r.body.error]).toEqual([409, edits.UNDO_CATEGORY_GONE]);
    const svc = await t.db.select().from(services).where(eq(services.providerId, p));
    expect(svc.map((x) => x.categoryId)).toEqual([cast.id]);
    expect((await editRows(p))[0]!.undoneAt).toBeNull();
    expect(await audits(p, "edit.undo")).toEqual([]);
  });
});

describe("rejecting", () => {
  it("stores the reason, writes the audit and mails it to the proposer, nothing on the listing changes", async () => {
    const p = await listing("Reject Works", { userId: (await ownerOf("Reject Works")).userId });
    const o = await ownerClient(p);
    const [e] = await proposed(customer, p, [{ field: "email", value: "fake@example.pk" }]);
    expect((await o.post(`/api/my-provider/edits/${e}/reject`, { reason: "x" })).status).toBe(400);
    const r = await o.post(`/api/my-provider/edits/${e}/reject`, {
      reason: "  This address is ours and answered.  ",
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      status: "rejected",
      reason: "This address is ours and answered.",
    });
    expect((await row(p)).email).toBe("old@example.pk");
    const [audit] = await audits(p, "edit.reject");
    expect(audit!.after).toMatchObject({ editId: e, reason: "This address is ours and answered." });
    const mail = lastMailTo("sana@example.pk")!;
    expect(mail.subject).toBe("Your suggested change to Reject Works was not accepted");
    expect(mail.text).toContain("The reason given: This address is ours and answered.");
  });

  it("does not mail a proposer about their own decision", async () => {
    const p = await listing("Self Works");
    const [e] = await proposed(admin, p, [{ field: "closed" }]);
    const before = t.outbox.length;
    expect(
      (await admin.post(`/api/admin/edits/${e}/reject`, { reason: "Still open" })).status,
    ).toBe(200);
    expect(t.outbox.length).toBe(before);
  });
});

describe("GET /api/admin/edits", () => {
  it("pages proposals of every listing by status, with the proposer's email", async () => {
    const p = await listing("Paged Works");
    const { c } = await freshCustomer();
    await proposed(c, p, [
      { field: "phone", value: "0300 7777777" },
      { field: "email", value: "paged@example.pk" },
      { field: "website", value: "paged.pk" },
    ]);
    const first = await admin.get("/api/admin/edits?status=pending&page=1");
    expect(first.status).toBe(200);
    const total = Number(first.res.headers.get("X-Total-Count"));
    expect(total).toBeGreaterThanOrEqual(3);
    expect(first.res.headers.get("X-Per-Page")).toBe("20");
    const items = (first.body as unknown[]).map((x) => editViewSchema.parse(x));
    expect(items.every((x) => x.status === "pending")).toBe(true);
    const mine = items.filter((x) => x.provider.id === p);
    expect(mine.map((x) => x.field)).toEqual(["phone", "email", "website"]);
    expect(mine[0]!.proposer).toEqual({
      name: "Test User",
      email: expect.stringMatching(/^visitor/),
    });
    if (total > 20) expect(first.res.headers.get("Link")).toContain("page=2");
    const accepted = await admin.get("/api/admin/edits?status=accepted");
    expect((accepted.body as EditView[]).every((x) => x.status === "accepted")).toBe(true);
    const withdrawn = await admin.get("/api/admin/edits?status=withdrawn");
    expect((withdrawn.body as EditView[]).length).toBeGreaterThan(0);
    const bad = await admin.get("/api/admin/edits?status=everything");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("status must be pending, accepted, rejected or withdrawn");
    const far = await admin.get("/api/admin/edits?page=999");
    expect([far.status, far.body]).toEqual([200, []]);
  });
});

describe("error sentences", () => {
  it("every sentence these routes answer has its Urdu text", () => {
    installErrorTable(translateError);
    const sentences = [
      edits.EDIT_NOT_FOUND,
      edits.LISTING_NOT_FOUND,
      edits.OWN_LISTING,
      edits.EDIT_PENDING,
      edits.UNKNOWN_CITY,
      edits.UNKNOWN_CATEGORY,
      edits.BAD_DUPLICATE,
      edits.NO_CHANGE,
      edits.ALREADY_DECIDED,
      edits.DUPLICATE_GONE,
      edits.CATEGORY_GONE,
      "Website is required",
      "Listing must be a UUID",
      "Choose at least one category",
      "Propose at least one change",
      "Each field may be proposed once",
      "status must be pending, accepted, rejected or withdrawn",
    ];
    expect(sentences.filter((s) => localizeError(s, "ur") === s)).toEqual([]);
  });

  it("answers in Urdu to an Urdu page", async () => {
    const p = await listing("Urdu Error Works");
    const r = await customer.request(
      "POST",
      "/api/edits",
      { providerId: p, proposals: [{ field: "location", value: { city: "Atlantis" } }] },
      { "Accept-Language": "ur-PK" },
    );
    expect([r.status, r.body.error]).toEqual([400, "نامعلوم شہر"]);
  });
});
