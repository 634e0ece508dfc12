import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { referencedBlobKeys } from "../../db/queries/blob-refs.ts";
import { adminAudit, leads, providers } from "../../db/schema.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { sweepOrphanUploads } from "../../functions/lib/media-sweep.ts";
import {
  customerLeadPath,
  leadInboxSchema,
  leadMessageAnswerSchema,
  leadSummarySchema,
  leadThreadSchema,
  adminLeadSchema,
  pakistanDay,
  providerLeadPath,
} from "../../src/lib/lead-schemas.ts";
import { leadPhotoKey } from "../../src/lib/upload-keys.ts";
import { client, clientAs, makeTestApp, SITE, type TestApp } from "../helpers/app.ts";
import { jpeg } from "../helpers/images.ts";

type Client = Awaited<ReturnType<typeof clientAs>>;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestApp;
type Person = "customer" | "other" | "owner" | "owner2" | "admin";
const id = {} as Record<Person | "provider" | "provider2" | "unclaimed" | "inactive", string>;
const as = {} as Record<Person, Client>;
let needNo = 0;

/** A need no other test sends, so the held rule only fires where a test wants it. */
const freshNeed = () => `Need ${++needNo}: 500 embroidered polo shirts with our logo, navy blue.`;

/** A provider with an owner of its own, for tests that need many. */
async function ownedProvider(name: string) {
  const ownerEmail = `${name.toLowerCase().replace(/\W+/g, "-")}@example.pk`;
  const ownerId = await createUser(t.db, { email: ownerEmail, role: "provider" });
  const providerId = await createProvider(t.db, {
    companyName: name,
    city: "Lahore",
    userId: ownerId,
  });
  return { providerId, ownerId, ownerEmail };
}

function send(c: Client, providerId: string, extra: Record<string, unknown> = {}) {
  return c.post("/api/leads", {
    providerId,
    need: freshNeed(),
    city: "Lahore",
    ...extra,
  });
}

/** Sends a request and answers its id. */
async function lead(c: Client, providerId: string, extra: Record<string, unknown> = {}) {
  const r = await send(c, providerId, extra);
  expect(r.status, r.text).toBe(201);
  return r.body.id as string;
}

const mailsTo = (email: string, leadId?: string) =>
  t.outbox.filter((m) => m.to === email && (!leadId || m.text.includes(leadId)));

beforeAll(async () => {
  t = await makeTestApp();
  id.customer = await createUser(t.db, {
    email: "ayesha@example.pk",
    firstName: "Ayesha",
    lastName: "Khan",
  });
  id.other = await createUser(t.db, { email: "other@example.pk" });
  id.owner = await createUser(t.db, { email: "owner@example.pk", role: "provider" });
  id.owner2 = await createUser(t.db, { email: "owner2@example.pk", role: "provider" });
  id.admin = await createUser(t.db, { email: "admin@example.pk", role: "admin" });
  id.provider = await createProvider(t.db, {
    companyName: "Owned Works",
    city: "Lahore",
    userId: id.owner,
  });
  id.provider2 = await createProvider(t.db, {
    companyName: "Rival Works",
    city: "Karachi",
    userId: id.owner2,
  });
  id.unclaimed = await createProvider(t.db, { companyName: "Suggested Works", isSuggested: true });
  id.inactive = (await ownedProvider("Closed Works")).providerId;
  await t.db.update(providers).set({ isActive: false }).where(eq(providers.id, id.inactive));
  for (const who of ["customer", "other", "owner", "owner2", "admin"] as const) {
    as[who] = await clientAs(t, id[who]);
  }
});
afterAll(() => t.close());
beforeEach(() => {
  // A day later per test: every per-account daily limit starts afresh.
  t.clockOffset.ms += DAY + MINUTE;
});

describe("POST /api/leads", () => {
  it("sends the request: the customer's thread back, the provider's owner mailed a link", async () => {
    const before = t.outbox.length;
    const r = await as.customer.post("/api/leads", {
      providerId: id.provider,
      need: "  We need 200 steel brackets, galvanised, 4 mm, for a shop fit-out.  ",
      quantity: "200 pieces",
      budgetPkr: "150,000",
      city: "lahore",
      neededBy: pakistanDay(new Date(Date.now() + t.clockOffset.ms)),
    });
    expect(r.status, r.text).toBe(201);
    const thread = leadThreadSchema.parse(r.body);
    expect(thread).toMatchObject({
      provider: { id: id.provider, companyName: "Owned Works" },
      customerName: "Ayesha K.",
      need: "We need 200 steel brackets, galvanised, 4 mm, for a shop fit-out.",
      quantity: "200 pieces",
      budgetPkr: 150000,
      city: "Lahore",
      status: "new",
      reviewState: "visible",
      unread: false,
      viewerSide: "customer",
      customer: null,
      reportedAt: null,
      photos: [],
      messages: [],
    });
    expect(thread.provider.url).toBe(`/providers/owned-works-${id.provider}`);
    const mails = t.outbox.slice(before);
    expect(mails.map((m) => m.to)).toEqual(["owner@example.pk"]);
    const mail = mails[0]!;
    expect(mail.subject).toBe("New quote request for Owned Works");
    expect(mail.text).toContain(`${SITE}${providerLeadPath(thread.id)}`);
    expect(mail.text).toContain("Ayesha K. from Lahore");
    // Nothing the customer typed, and no contact details.
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toContain("ayesha@example.pk");
      expect(body).not.toContain("steel brackets");
    }
  });

  it("is for signed-in people who do not own the provider, to an active, claimed listing", async () => {
    const anonymous = client(t);
    expect((await send(anonymous, id.provider)).status).toBe(401);
    const own = await send(as.owner, id.provider);
    expect(own.status).toBe(403);
    expect(own.body.error).toBe("You cannot request a quote from your own business");
    expect((await send(as.customer, id.inactive)).body).toEqual({ error: "Provider not found" });
    expect((await send(as.customer, crypto.randomUUID())).status).toBe(404);
    const unclaimed = await send(as.customer, id.unclaimed);
    expect(unclaimed.status).toBe(409);
    expect(unclaimed.body.error).toBe(
      "This business has not claimed its listing yet, so it cannot receive quote requests",
    );
    // Another provider's owner may ask this one, and an admin may too.
    expect((await send(as.owner2, id.provider)).status).toBe(201);
    expect((await send(as.admin, id.provider)).status).toBe(201);
  });

  it("checks the fields: length, city, dates not before today in Pakistan", async () => {
    const now = new Date(Date.now() + t.clockOffset.ms);
    const short = await send(as.customer, id.provider, { need: "too short" });
    expect(short.status).toBe(400);
    expect(short.body.error).toContain("at least 20 characters");
    expect((await send(as.customer, id.provider, { city: "Atlantis" })).status).toBe(400);
    const yesterday = pakistanDay(new Date(now.getTime() - DAY));
    const past = await send(as.customer, id.provider, { neededBy: yesterday });
    expect(past.status).toBe(400);
    expect(past.body.error).toBe("neededBy: Needed by cannot be in the past");
    expect((await send(as.customer, id.provider, { neededBy: "2026-02-30" })).status).toBe(400);
    expect((await send(as.customer, id.provider, { budgetPkr: -5 })).status).toBe(400);
    expect((await send(as.customer, id.provider, { photos: ["/media/x.jpg"] })).status).toBe(400);
  });

  it("attaches up to 3 of the customer's own uploaded photos", async () => {
    const upload = async (c: Client, userId: string, name: string) => {
      const key = leadPhotoKey(userId, Date.now() + ++needNo, name);
      return c.postBytes(`/api/uploads/file?key=${encodeURIComponent(key)}`, jpeg());
    };
    // A customer may upload into their own leads/ folder only, and nowhere else.
    const mine = await upload(as.customer, id.customer, "Drawing 1.png");
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.publicUrl).toMatch(
      new RegExp(`^/api/media/leads/${id.customer}/\\d+_Drawing_1`),
    );
    expect((await upload(as.customer, id.other, "x.jpg")).status).toBe(403);
    const cover = await as.customer.postBytes(
      `/api/uploads/file?key=providers/${id.customer}/cover_1.jpg`,
      jpeg(),
    );
    expect(cover.status).toBe(403);
    const theirs = await upload(as.other, id.other, "theirs.jpg");
    expect(theirs.status).toBe(200);

    const ok = await send(as.customer, id.provider, {
      photos: [mine.body.publicUrl, mine.body.publicUrl],
    });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.photos).toEqual([mine.body.publicUrl]);

    const notMine = await send(as.customer, id.provider, { photos: [theirs.body.publicUrl] });
    expect(notMine.body).toEqual({ error: "Photos must be your own uploads" });
    const missing = await send(as.customer, id.provider, {
      photos: [`/api/media/leads/${id.customer}/1_never.jpg`],
    });
    expect(missing.body).toEqual({ error: "Photo not found: upload it first" });
    const four = await send(as.customer, id.provider, {
      photos: [1, 2, 3, 4].map((n) => `/api/media/leads/${id.customer}/${n}_a.jpg`),
    });
    expect(four.status).toBe(400);
  });

  it("allows 3 requests a day to one provider and 10 in all, then 429 with Retry-After", async () => {
    for (let i = 0; i < 3; i++) await lead(as.other, id.provider2);
    const fourth = await send(as.other, id.provider2);
    expect(fourth.status).toBe(429);
    expect(Number(fourth.res.headers.get("Retry-After"))).toBeGreaterThan(0);
    // The refused one was not stored.
    const mine = await t.db.select().from(leads).where(eq(leads.customerId, id.other));
    expect(mine.filter((l) => l.providerId === id.provider2)).toHaveLength(3);
    expect(t.events.some((e) => e.event === "rate_limited" && e.userId === id.other)).toBe(true);

    t.clockOffset.ms += DAY + MINUTE;
    for (let i = 0; i < 10; i++) {
      await lead(as.other, (await ownedProvider(`Limit Works ${i}`)).providerId);
    }
    const eleventh = await send(as.other, (await ownedProvider("Limit Works 11")).providerId);
    expect(eleventh.status).toBe(429);
    // A day later the customer may ask again.
    t.clockOffset.ms += DAY + MINUTE;
    expect((await send(as.other, id.provider2)).status).toBe(201);
  });

  it("holds the same text sent to 3 or more other providers within 10 minutes, from any account", async () => {
    const text = "Looking for 1000 custom printed cardboard boxes, size 30x20x10 cm.";
    const targets = await Promise.all([1, 2, 3, 4, 5].map((n) => ownedProvider(`Box Works ${n}`)));
    const senders = [as.customer, as.other, as.owner2, as.customer, as.other];
    const answers = [];
    for (const [i, target] of targets.entries()) {
      // Case and spacing do not make it another text.
      const need = i % 2 ? text.toUpperCase() : text.replace(/ /g, "   ");
      const r = await send(senders[i]!, target.providerId, { need });
      expect(r.status, r.text).toBe(201);
      answers.push(r.body);
    }
    expect(answers.map((a) => a.reviewState)).toEqual([
      "visible",
      "visible",
      "visible",
      "held",
      "held",
    ]);
    const held = answers[3]!;
    const { ownerId: owner4, ownerEmail: owner4Email } = targets[3]!;
    // Not mailed, not in the inbox, not readable by the provider; the customer sees it held.
    expect(mailsTo(owner4Email)).toEqual([]);
    const provider4 = await clientAs(t, owner4);
    expect((await provider4.get("/api/my-provider/leads")).body).toEqual({ leads: [], unread: 0 });
    expect((await provider4.get(`/api/leads/${held.id}`)).status).toBe(404);
    const mine = await as.customer.get("/api/leads");
    expect(mine.body.find((l: { id: string }) => l.id === held.id)?.reviewState).toBe("held");
    expect(t.events.some((e) => e.event === "lead.held" && e.leadId === held.id)).toBe(true);
    const deliveredAt = async () =>
      (await t.db.select().from(leads).where(eq(leads.id, held.id)))[0]!.deliveredAt;
    // The measured response time counts from delivery, not from the hours on hold.
    expect(await deliveredAt()).toBeNull();
    // The customer may add to a held request; the provider hears of nothing yet.
    const note = await as.customer.post(`/api/leads/${held.id}/messages`, {
      body: "Also 50 lids.",
    });
    expect(note.status).toBe(201);
    expect(mailsTo(owner4Email)).toEqual([]);

    // Released by an admin: it reaches the provider, who is mailed now.
    const release = await as.admin.post(`/api/admin/leads/${held.id}/release`);
    expect(release.status, release.text).toBe(200);
    expect(adminLeadSchema.parse(release.body)).toMatchObject({
      reviewState: "visible",
      reason: "held",
    });
    expect(mailsTo(owner4Email)).toHaveLength(1);
    expect(mailsTo(owner4Email)[0]!.text).toContain(`${SITE}${providerLeadPath(held.id)}`);
    expect((await deliveredAt())!.getTime()).toBeGreaterThan(Date.parse(held.createdAt));
    const inbox = leadInboxSchema.parse((await provider4.get("/api/my-provider/leads")).body);
    expect(inbox.leads.map((l) => l.id)).toEqual([held.id]);
    expect(inbox.unread).toBe(1);
    const released = await provider4.get(`/api/leads/${held.id}`);
    expect(released.body.messages.map((m: { body: string }) => m.body)).toEqual(["Also 50 lids."]);
    expect((await as.admin.post(`/api/admin/leads/${held.id}/release`)).status).toBe(409);

    // Ten minutes on, the same text goes through again.
    t.clockOffset.ms += 11 * MINUTE;
    const later = await send(as.customer, (await ownedProvider("Box Works 6")).providerId, {
      need: text,
    });
    expect(later.body.reviewState).toBe("visible");
  });
});

describe("a thread from request to won", () => {
  it("goes through the inbox, replies, a quote, the customer's answer and statuses, with mails", async () => {
    const { providerId, ownerId, ownerEmail } = await ownedProvider("Thread Works");
    const owner = await clientAs(t, ownerId);
    const leadId = await lead(as.customer, providerId);
    expect(mailsTo(ownerEmail, leadId)).toHaveLength(1);

    // The inbox: newest first, unread until opened.
    const second = await lead(as.other, providerId);
    let inbox = leadInboxSchema.parse((await owner.get("/api/my-provider/leads")).body);
    expect(inbox.leads.map((l) => l.id)).toEqual([second, leadId]);
    expect(inbox.unread).toBe(2);
    expect(inbox.leads[1]!.customerName).toBe("Ayesha K.");

    // The provider's view carries the customer's contact details.
    const seen = leadThreadSchema.parse((await owner.get(`/api/leads/${leadId}`)).body);
    expect(seen).toMatchObject({
      viewerSide: "provider",
      unread: true,
      customer: { name: "Ayesha Khan", email: "ayesha@example.pk" },
    });
    expect((await owner.put(`/api/leads/${leadId}/read`, {})).body).toEqual({ ok: true });
    inbox = leadInboxSchema.parse((await owner.get("/api/my-provider/leads")).body);
    expect(inbox.unread).toBe(1);
    expect(inbox.leads.find((l) => l.id === leadId)!.unread).toBe(false);

    // First reply: 'replied', firstReplyAt, and the customer mailed their link.
    t.clockOffset.ms += MINUTE;
    const replyAt = Date.now() + t.clockOffset.ms;
    const reply = await owner.post(`/api/leads/${leadId}/messages`, {
      body: "Thanks, we can do these. Which finish?",
    });
    expect(reply.status, reply.text).toBe(201);
    expect(leadMessageAnswerSchema.parse(reply.body)).toMatchObject({
      side: "provider",
      quotePkr: null,
    });
    const [row] = await t.db.select().from(leads).where(eq(leads.id, leadId));
    expect(row!.status).toBe("replied");
    expect(row!.firstReplyAt!.getTime()).toBeGreaterThanOrEqual(replyAt);
    const firstReplyAt = row!.firstReplyAt!.getTime();
    const toCustomer = () => mailsTo("ayesha@example.pk", leadId);
    expect(toCustomer()).toHaveLength(1);
    expect(toCustomer()[0]!.subject).toBe("Thread Works replied to your request");
    expect(toCustomer()[0]!.text).toContain(`${SITE}${customerLeadPath(leadId)}`);
    expect(toCustomer()[0]!.text).not.toContain("Which finish");

    // The customer sees news in 'My Requests'.
    const mine = (await as.customer.get("/api/leads")).body.map((l: unknown) =>
      leadSummarySchema.parse(l),
    );
    expect(mine.find((l: { id: string }) => l.id === leadId)).toMatchObject({
      unread: true,
      status: "replied",
    });

    // A quote within 15 minutes: 'quoted', but no second mail to the customer.
    t.clockOffset.ms += MINUTE;
    const validUntil = pakistanDay(new Date(Date.now() + t.clockOffset.ms + 7 * DAY));
    const quote = await owner.post(`/api/leads/${leadId}/messages`, {
      body: "Galvanised, as asked.",
      quotePkr: "145,000",
      quoteValidUntil: validUntil,
    });
    expect(quote.status, quote.text).toBe(201);
    expect(quote.body).toMatchObject({ quotePkr: 145000, quoteValidUntil: validUntil });
    expect((await t.db.select().from(leads).where(eq(leads.id, leadId)))[0]!.status).toBe("quoted");
    expect(toCustomer()).toHaveLength(1);
    const [again] = await t.db.select().from(leads).where(eq(leads.id, leadId));
    expect(again!.firstReplyAt!.getTime()).toBe(firstReplyAt);

    // The customer answers; a customer's quote is refused.
    t.clockOffset.ms += MINUTE;
    const custQuote = await as.customer.post(`/api/leads/${leadId}/messages`, {
      body: "Could you do 140,000?",
      quotePkr: 140000,
    });
    expect(custQuote.status).toBe(400);
    expect(custQuote.body.error).toBe("Only the provider can send a quote");
    const answer = await as.customer.post(`/api/leads/${leadId}/messages`, {
      body: "Could you do 140,000?",
    });
    expect(answer.status).toBe(201);
    // The provider was mailed the request minutes ago: no mail for this one.
    expect(mailsTo(ownerEmail, leadId)).toHaveLength(1);

    // Past 15 minutes, each side is mailed again (once).
    t.clockOffset.ms += 16 * MINUTE;
    await as.customer.post(`/api/leads/${leadId}/messages`, { body: "And delivery to Gulberg?" });
    await as.customer.post(`/api/leads/${leadId}/messages`, { body: "Sorry, DHA Phase 5." });
    expect(mailsTo(ownerEmail, leadId)).toHaveLength(2);
    const toProvider = mailsTo(ownerEmail, leadId)[1]!;
    expect(toProvider.subject).toBe("New message about a quote request to Thread Works");
    expect(toProvider.text).toContain(`${SITE}${providerLeadPath(leadId)}`);
    expect(toProvider.text).not.toContain("DHA");
    await owner.post(`/api/leads/${leadId}/messages`, {
      body: "Final price then.",
      quotePkr: 140000,
    });
    expect(toCustomer()).toHaveLength(2);
    expect(toCustomer()[1]!.subject).toBe("Thread Works sent you a quote");
    expect(toCustomer()[1]!.text).toContain("PKR 140,000");

    // The customer's thread: every message in order, no contact details, news until read.
    const thread = leadThreadSchema.parse((await as.customer.get(`/api/leads/${leadId}`)).body);
    expect(thread.messages.map((m) => m.side)).toEqual([
      "provider",
      "provider",
      "customer",
      "customer",
      "customer",
      "provider",
    ]);
    expect(thread).toMatchObject({ viewerSide: "customer", customer: null, unread: true });
    await as.customer.put(`/api/leads/${leadId}/read`, {});
    expect((await as.customer.get(`/api/leads/${leadId}`)).body.unread).toBe(false);

    // Statuses: only the provider sets them, any of them; a later quote keeps 'won'.
    const won = await owner.patch(`/api/leads/${leadId}/status`, { status: "won" });
    expect(won.status).toBe(200);
    expect(leadThreadSchema.parse(won.body)).toMatchObject({
      status: "won",
      viewerSide: "provider",
    });
    await owner.post(`/api/leads/${leadId}/messages`, { body: "Revised.", quotePkr: 139000 });
    expect((await owner.get(`/api/leads/${leadId}`)).body.status).toBe("won");
    expect((await owner.patch(`/api/leads/${leadId}/status`, { status: "lost" })).body.status).toBe(
      "lost",
    );
    expect((await owner.patch(`/api/leads/${leadId}/status`, { status: "new" })).body.status).toBe(
      "new",
    );
    expect((await owner.patch(`/api/leads/${leadId}/status`, { status: "maybe" })).status).toBe(
      400,
    );
    const byCustomer = await as.customer.patch(`/api/leads/${leadId}/status`, { status: "won" });
    expect(byCustomer.status).toBe(403);
    expect((await as.admin.patch(`/api/leads/${leadId}/status`, { status: "won" })).status).toBe(
      403,
    );

    // Admins read every thread with the contact details, and write in none.
    const admin = leadThreadSchema.parse((await as.admin.get(`/api/leads/${leadId}`)).body);
    expect(admin).toMatchObject({
      viewerSide: "admin",
      unread: false,
      customer: { email: "ayesha@example.pk" },
    });
    expect((await as.admin.post(`/api/leads/${leadId}/messages`, { body: "Hi" })).status).toBe(403);
    expect((await as.admin.put(`/api/leads/${leadId}/read`, {})).status).toBe(200);
  });

  it("rejects a quote valid until a past day, and a validity without an amount", async () => {
    const leadId = await lead(as.customer, id.provider);
    const yesterday = pakistanDay(new Date(Date.now() + t.clockOffset.ms - DAY));
    const past = await as.owner.post(`/api/leads/${leadId}/messages`, {
      body: "Quote",
      quotePkr: 5,
      quoteValidUntil: yesterday,
    });
    expect(past.body).toEqual({ error: "quoteValidUntil: Valid until cannot be in the past" });
    const noAmount = await as.owner.post(`/api/leads/${leadId}/messages`, {
      body: "Quote",
      quoteValidUntil: pakistanDay(new Date(Date.now() + t.clockOffset.ms + DAY)),
    });
    expect(noAmount.status).toBe(400);
    expect((await as.owner.post(`/api/leads/${leadId}/messages`, { body: "  " })).status).toBe(400);
  });
});

describe("who reads a thread", () => {
  it("is the customer, the provider's owner and admins; anyone else gets 404, signed out 401", async () => {
    const leadId = await lead(as.customer, id.provider);
    const anonymous = client(t);
    const calls = (c: Client) => [
      c.get(`/api/leads/${leadId}`),
      c.post(`/api/leads/${leadId}/messages`, { body: "Hello" }),
      c.put(`/api/leads/${leadId}/read`, {}),
      c.patch(`/api/leads/${leadId}/status`, { status: "won" }),
      c.post(`/api/leads/${leadId}/report`, {}),
    ];
    for (const r of await Promise.all(calls(anonymous))) expect(r.status).toBe(401);
    // Another provider's owner and another customer: as if it did not exist.
    for (const c of [as.owner2, as.other]) {
      for (const r of await Promise.all(calls(c))) {
        expect(r.status).toBe(404);
        expect(r.body).toEqual({ error: "Lead not found" });
      }
      expect((await c.get("/api/leads")).body.some((l: { id: string }) => l.id === leadId)).toBe(
        false,
      );
    }
    const inbox2 = await as.owner2.get("/api/my-provider/leads");
    expect(inbox2.body.leads.some((l: { id: string }) => l.id === leadId)).toBe(false);
    // Nothing changed for them.
    const [row] = await t.db.select().from(leads).where(eq(leads.id, leadId));
    expect(row).toMatchObject({ status: "new", reportedAt: null, providerReadAt: null });
    // Unknown and malformed ids read the same.
    expect((await as.customer.get(`/api/leads/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await as.customer.get("/api/leads/not-a-uuid")).status).toBe(404);
  });

  it("has no inbox for an account without a provider", async () => {
    const r = await as.customer.get("/api/my-provider/leads");
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: "No provider profile yet" });
  });
});

describe("spam reports and the admin's review", () => {
  it("lets the provider report once; admins dismiss or remove, with an audit row each", async () => {
    const first = await lead(as.customer, id.provider);
    const second = await lead(as.other, id.provider);
    expect((await as.customer.post(`/api/leads/${first}/report`, {})).status).toBe(403);
    const report = await as.owner.post(`/api/leads/${first}/report`, { reason: "Selling SEO" });
    expect(report.status, report.text).toBe(200);
    expect((await as.owner.post(`/api/leads/${first}/report`, {})).status).toBe(409);
    expect((await as.owner.post(`/api/leads/${second}/report`, { reason: " " })).status).toBe(200);
    expect(t.events.some((e) => e.event === "lead.reported" && e.leadId === first)).toBe(true);
    // The customer is not told.
    expect((await as.customer.get(`/api/leads/${first}`)).body.reportedAt).toBeNull();
    expect((await as.owner.get(`/api/leads/${first}`)).body.reportedAt).not.toBeNull();

    for (const c of [as.customer, as.owner]) {
      expect((await c.get("/api/admin/leads")).status).toBe(403);
      expect((await c.post(`/api/admin/leads/${first}/dismiss`)).status).toBe(403);
    }
    const list = (await as.admin.get("/api/admin/leads")).body.map((l: unknown) =>
      adminLeadSchema.parse(l),
    );
    expect(list.find((l: { id: string }) => l.id === first)).toMatchObject({
      reason: "reported",
      reportReason: "Selling SEO",
      customerEmail: "ayesha@example.pk",
    });
    expect(list.find((l: { id: string }) => l.id === second)?.reportReason).toBeNull();

    // Dismissed: stays with the provider, leaves the list.
    const dismissed = await as.admin.post(`/api/admin/leads/${first}/dismiss`);
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toMatchObject({ reviewState: "visible", reason: "reported" });
    expect((await as.admin.post(`/api/admin/leads/${first}/dismiss`)).status).toBe(409);
    expect((await as.admin.post(`/api/admin/leads/${first}/remove`)).status).toBe(409);
    const after = (await as.admin.get("/api/admin/leads")).body.map((l: { id: string }) => l.id);
    expect(after).not.toContain(first);
    expect(after).toContain(second);
    expect((await as.owner.get(`/api/leads/${first}`)).status).toBe(200);

    // Removed: gone from the provider, shown to the customer as removed, closed for writing.
    const removed = await as.admin.post(`/api/admin/leads/${second}/remove`);
    expect(removed.status).toBe(200);
    expect(removed.body.reviewState).toBe("removed");
    expect((await as.owner.get(`/api/leads/${second}`)).status).toBe(404);
    const inbox = await as.owner.get("/api/my-provider/leads");
    expect(inbox.body.leads.map((l: { id: string }) => l.id)).not.toContain(second);
    const theirs = await as.other.get(`/api/leads/${second}`);
    expect(theirs.body.reviewState).toBe("removed");
    const write = await as.other.post(`/api/leads/${second}/messages`, { body: "Hello?" });
    expect(write.status).toBe(409);
    expect(write.body).toEqual({ error: "This request was removed" });
    expect((await as.admin.get(`/api/leads/${second}`)).body.reviewState).toBe("removed");

    const audit = await t.db.select().from(adminAudit).where(eq(adminAudit.targetType, "lead"));
    expect(audit.filter((a) => a.targetId === first).map((a) => a.action)).toEqual([
      "lead.dismiss_report",
    ]);
    const removal = audit.find((a) => a.targetId === second)!;
    expect(removal).toMatchObject({
      action: "lead.remove",
      actorId: id.admin,
      before: { reviewState: "visible", reported: true, reportResolved: false },
      after: { reviewState: "removed", reported: true, reportResolved: true },
    });
    expect(t.events.filter((e) => e.event === "lead.removed").map((e) => e.leadId)).toContain(
      second,
    );
    // Only held or reported leads are the admin's to act on; unknown ids are 404.
    const plain = await lead(as.customer, id.provider);
    for (const action of ["release", "remove", "dismiss"]) {
      expect((await as.admin.post(`/api/admin/leads/${plain}/${action}`)).status).toBe(409);
      expect(
        (await as.admin.post(`/api/admin/leads/${crypto.randomUUID()}/${action}`)).status,
      ).toBe(404);
    }
  });
});

describe("lead photos and the media sweep", () => {
  it("keeps photos a lead points at and sweeps the unattached ones", async () => {
    const up = async (name: string) => {
      const key = leadPhotoKey(id.customer, Date.now() + ++needNo, name);
      const r = await as.customer.postBytes(
        `/api/uploads/file?key=${encodeURIComponent(key)}`,
        jpeg(),
      );
      expect(r.status).toBe(200);
      return r.body as { key: string; publicUrl: string };
    };
    const kept = await up("kept.jpg");
    const orphan = await up("orphan.jpg");
    await lead(as.customer, id.provider, { photos: [kept.publicUrl] });
    expect(await referencedBlobKeys(t.db, [kept.key, orphan.key])).toEqual(new Set([kept.key]));
    const r = await sweepOrphanUploads({
      db: t.db,
      blobs: t.blobs,
      now: new Date(Date.now() + 25 * 60 * MINUTE),
    });
    expect(r.deleted).toBeGreaterThanOrEqual(1);
    expect(await t.blobs.get(kept.key)).not.toBeNull();
    expect(await t.blobs.get(orphan.key)).toBeNull();
  });
});

describe("pakistanDay", () => {
  it("is the calendar day in Pakistan (UTC+5), which the API and the dialog both check against", () => {
    expect(pakistanDay(new Date("2026-11-27T18:59:59Z"))).toBe("2026-11-27");
    expect(pakistanDay(new Date("2026-11-27T19:00:00Z"))).toBe("2026-11-28");
  });
});
