import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { referencedBlobKeys } from "../../db/queries/blob-refs.ts";
import { providerTag } from "../../db/queries/site-meta.ts";
import {
  adminAudit,
  listingClaims,
  pageChanges,
  providerSuggestions,
  providers,
  users,
} from "../../db/schema.ts";
import { SEED_CATEGORIES } from "../../db/seed/categories.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { hashToken } from "../../functions/auth/tokens.ts";
import { sweepOrphanUploads } from "../../functions/lib/media-sweep.ts";
import { LIMITS } from "../../functions/lib/rate-limit.ts";
import { CLAIM_MAILS_PER_DAY } from "../../db/queries/claims.ts";
import {
  adminClaimSchema,
  claimConfirmedSchema,
  claimTargetSchema,
} from "../../src/lib/claim-schemas.ts";
import { claimPhotoKey, leadPhotoKey } from "../../src/lib/upload-keys.ts";
import { client, clientAs, makeTestApp, SITE, type TestApp } from "../helpers/app.ts";
import { jpeg } from "../helpers/images.ts";

/**
 * Claiming a listing (decision 025): proof by a one-time link to the
 * listing's email on file, or by evidence an admin reviews. Nothing on the
 * listing changes before proof; the first proof wins.
 */

type Client = Awaited<ReturnType<typeof clientAs>>;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

let t: TestApp;
let admin: Client;
let adminId: string;
let seq = 0;

beforeAll(async () => {
  t = await makeTestApp();
  adminId = await createUser(t.db, { email: "admin@example.pk", role: "admin" });
  admin = await clientAs(t, adminId);
});
afterAll(() => t.close());
afterEach(() => {
  t.clockOffset.ms = 0;
});

/** A fresh account, signed in (each test its own, so the limits never mix). */
async function person(opts: { locale?: "en" | "ur"; role?: "customer" | "provider" } = {}) {
  const email = `person${++seq}@example.pk`;
  const id = await createUser(t.db, { email, role: opts.role ?? "customer", firstName: "Asad" });
  if (opts.locale) await t.db.update(users).set({ locale: opts.locale }).where(eq(users.id, id));
  return { id, email, as: await clientAs(t, id, `10.9.${seq % 250}.${(seq >> 8) + 1}`) };
}

/** A fresh unclaimed (suggested) listing; its email on file unless `email: null`. */
async function listing(opts: { email?: string | null; isActive?: boolean } = {}) {
  const n = ++seq;
  const email = opts.email === undefined ? `owner${n}@steelworks.com.pk` : opts.email;
  const id = await createProvider(t.db, {
    companyName: `Steel Works ${n}`,
    companyNameUr: `اسٹیل ورکس ${n}`,
    city: "Lahore",
    email,
    phone: "042 35761234",
    isSuggested: true,
    isActive: opts.isActive ?? true,
  });
  return { id, email };
}

async function providerRow(id: string) {
  const [row] = await t.db.select().from(providers).where(eq(providers.id, id));
  return row!;
}

async function roleOf(id: string) {
  const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, id));
  return row!.role;
}

async function claimsOf(providerId: string) {
  return t.db.select().from(listingClaims).where(eq(listingClaims.providerId, providerId));
}

async function auditFor(targetId: string) {
  return t.db.select().from(adminAudit).where(eq(adminAudit.targetId, targetId));
}

async function pageVersion(providerId: string): Promise<number> {
  const [row] = await t.db
    .select()
    .from(pageChanges)
    .where(eq(pageChanges.tag, providerTag(providerId)));
  return row?.version ?? 0;
}

const mailsTo = (email: string) => t.outbox.filter((m) => m.to === email);

/** The token of the newest claim link mailed to `email`. */
function tokenMailedTo(email: string): string {
  const mail = mailsTo(email).at(-1);
  expect(mail, `a mail to ${email}`).toBeDefined();
  const match = /#token=([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(match).not.toBeNull();
  return match![1]!;
}

/** Asks for a link to the listing's email as `c` and answers its token. */
async function askLink(c: Client, l: { id: string; email: string | null }): Promise<string> {
  const r = await c.post("/api/claims/email", { providerId: l.id });
  expect(r.status, r.text).toBe(202);
  return tokenMailedTo(l.email!);
}

const confirm = (c: Client, token: string) => c.post("/api/claims/confirm", { token });

async function sendEvidence(c: Client, providerId: string, extra: Record<string, unknown> = {}) {
  return c.post("/api/claims/evidence", { providerId, phone: "0300 1234567", ...extra });
}

describe("GET /api/claims/listing/:providerId", () => {
  it("answers 401 signed out and 404 for an unknown, inactive or malformed listing", async () => {
    const l = await listing();
    expect((await client(t).get(`/api/claims/listing/${l.id}`)).status).toBe(401);
    const p = await person();
    expect((await p.as.get(`/api/claims/listing/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await p.as.get("/api/claims/listing/not-a-uuid")).status).toBe(404);
    const inactive = await listing({ isActive: false });
    const r = await p.as.get(`/api/claims/listing/${inactive.id}`);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: "Provider not found" });
  });

  it("shows the listing, its email masked, no claim yet and nothing in the way", async () => {
    const l = await listing();
    const p = await person();
    const r = await p.as.get(`/api/claims/listing/${l.id.toUpperCase()}`);
    expect(r.status).toBe(200);
    expect(claimTargetSchema.parse(r.body)).toEqual(r.body);
    const n = l.email!.match(/\d+/)![0];
    expect(r.body).toEqual({
      provider: {
        id: l.id,
        companyName: `Steel Works ${n}`,
        companyNameUr: `اسٹیل ورکس ${n}`,
        city: "Lahore",
        path: `/providers/steel-works-${n}-${l.id}`,
        isClaimed: false,
      },
      emailOnFile: "o•••@s•••.com.pk",
      emailUsable: true,
      myClaim: null,
      blockedBy: null,
    });
    const none = await listing({ email: null });
    expect((await p.as.get(`/api/claims/listing/${none.id}`)).body.emailOnFile).toBeNull();
  });

  it("says why the caller cannot claim: the listing is theirs or someone else's, or they own one", async () => {
    const owner = await person({ role: "provider" });
    const owned = await createProvider(t.db, { companyName: "Owned", userId: owner.id });
    const l = await listing();
    const other = await person();
    expect((await other.as.get(`/api/claims/listing/${owned}`)).body).toMatchObject({
      provider: { isClaimed: true },
      blockedBy: "claimed",
    });
    expect((await owner.as.get(`/api/claims/listing/${l.id}`)).body.blockedBy).toBe("owns_other");
    // An owner who made their listing themselves, opening its claim page.
    expect((await owner.as.get(`/api/claims/listing/${owned}`)).body.blockedBy).toBe("yours");
    const again = await owner.as.post("/api/claims/email", { providerId: owned });
    expect(again.status).toBe(409);
  });
});

describe("POST /api/claims/email", () => {
  it("mails a one-time link to the listing's address, storing only the token's SHA-256", async () => {
    const l = await listing();
    const p = await person();
    const before = await providerRow(l.id);
    const r = await p.as.post("/api/claims/email", { providerId: l.id });
    expect(r.status).toBe(202);
    expect(r.body).toEqual({
      sentTo: "o•••@s•••.com.pk",
      mailed: true,
      sentAt: expect.any(String),
    });

    const [mail, ...more] = mailsTo(l.email!);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Confirm that you manage ${before.companyName} on Karkhana`);
    expect(mail!.text).toContain(`${SITE}/claim-listing/confirm#token=`);
    // The owner can tell whose request it is, masked; nothing the requester typed.
    expect(mail!.text).toContain("p•••@e•••.pk");
    expect(mail!.text).not.toContain("Asad");
    const token = tokenMailedTo(l.email!);

    const [claim, ...others] = await claimsOf(l.id);
    expect(others).toEqual([]);
    expect(claim).toMatchObject({
      userId: p.id,
      method: "email",
      status: "pending",
      tokenHash: hashToken(token),
    });
    expect(JSON.stringify(claim)).not.toContain(token);
    expect(claim!.expiresAt!.getTime() - claim!.createdAt.getTime()).toBe(DAY);
    // Nothing on the listing changes before proof, and no decision is audited.
    expect(await providerRow(l.id)).toEqual(before);
    expect(await auditFor(l.id)).toEqual([]);
    // The security log has the request, never the token.
    expect(t.events.some((e) => e.event === "claim.link_sent" && e.providerId === l.id)).toBe(true);
    expect(JSON.stringify(t.events)).not.toContain(token);
  });

  it("writes the mail in the requester's language, linking the Urdu page", async () => {
    const l = await listing();
    const p = await person({ locale: "ur" });
    await askLink(p.as, l);
    const mail = mailsTo(l.email!).at(-1)!;
    const n = l.email!.match(/\d+/)![0];
    expect(mail.subject).toBe(`تصدیق کریں کہ کارخانہ پر اسٹیل ورکس ${n} آپ سنبھالتے ہیں`);
    expect(mail.text).toMatch(new RegExp(`${SITE}/ur/claim-listing/confirm#token=\\w+`));
    expect(mail.html).toContain('<html lang="ur" dir="rtl">');
  });

  it("mails one address a link at most once a quarter of an hour; every link sent keeps working", async () => {
    const l = await listing();
    const p = await person();
    const first = await askLink(p.as, l);
    // Asked again at once, by the same account or another: nothing new goes to the mailbox.
    for (const asker of [p, await person()]) {
      t.clockOffset.ms = 5 * MIN;
      const again = await asker.as.post("/api/claims/email", { providerId: l.id });
      expect(again.status).toBe(202);
      expect(again.body).toMatchObject({ sentTo: "o•••@s•••.com.pk", mailed: false });
      expect(Date.now() + 5 * MIN - Date.parse(again.body.sentAt)).toBeGreaterThanOrEqual(5 * MIN);
    }
    expect(mailsTo(l.email!)).toHaveLength(1);
    expect(await claimsOf(l.id)).toHaveLength(1);
    expect(t.events.some((e) => e.event === "claim.link_held" && e.providerId === l.id)).toBe(true);
    // A quarter of an hour on, a new link goes; the first one still works beside it.
    t.clockOffset.ms = 16 * MIN;
    const second = await askLink(p.as, l);
    expect(second).not.toBe(first);
    expect((await claimsOf(l.id)).map((r) => r.status)).toEqual(["pending", "pending"]);
    expect((await confirm(p.as, first)).status).toBe(200);
    expect((await providerRow(l.id)).userId).toBe(p.id);
  });

  it("refuses a claimed listing, an account that owns one, a listing without email", async () => {
    const owner = await person({ role: "provider" });
    const owned = await createProvider(t.db, {
      companyName: "Taken",
      email: "taken@example.pk",
      userId: owner.id,
    });
    const p = await person();
    const claimed = await p.as.post("/api/claims/email", { providerId: owned });
    expect(claimed.status).toBe(409);
    expect(claimed.body.error).toBe("This business has been claimed already");

    const l = await listing();
    const ownsOther = await owner.as.post("/api/claims/email", { providerId: l.id });
    expect(ownsOther.status).toBe(409);
    expect(ownsOther.body.error).toBe(
      "Your account already manages a business: one account manages one listing",
    );

    const none = await listing({ email: null });
    const noEmail = await p.as.post("/api/claims/email", { providerId: none.id });
    expect(noEmail.status).toBe(422);
    expect(noEmail.body.error).toMatch(/^This listing has no email on file/);

    expect((await p.as.post("/api/claims/email", { providerId: "x" })).status).toBe(400);
    const unknown = await p.as.post("/api/claims/email", { providerId: crypto.randomUUID() });
    expect(unknown.status).toBe(404);
    expect(mailsTo("taken@example.pk")).toEqual([]);
    expect(await claimsOf(l.id)).toEqual([]);
  });

  it("answers 401 signed out, and refuses a cross-site request", async () => {
    const l = await listing();
    expect((await client(t).post("/api/claims/email", { providerId: l.id })).status).toBe(401);
    const p = await person();
    const r = await p.as.request(
      "POST",
      "/api/claims/email",
      { providerId: l.id },
      { Origin: "https://evil.example" },
    );
    expect(r.status).toBe(403);
    expect(mailsTo(l.email!)).toEqual([]);
  });
});

describe("POST /api/claims/confirm", () => {
  it("makes the requester the owner: badge gone, role provider, audit, page and search", async () => {
    const l = await listing();
    const p = await person();
    const token = await askLink(p.as, l);
    const version = await pageVersion(l.id);
    const dirty = t.dirty.length;

    const r = await confirm(p.as, token);
    expect(r.status).toBe(200);
    expect(claimConfirmedSchema.parse(r.body)).toEqual(r.body);
    expect(r.body.providerId).toBe(l.id);
    expect(r.body.path).toMatch(new RegExp(`^/providers/steel-works-\\d+-${l.id}$`));

    const row = await providerRow(l.id);
    expect(row.userId).toBe(p.id);
    expect(row.isSuggested).toBe(false);
    expect(await roleOf(p.id)).toBe("provider");
    const [claim] = await claimsOf(l.id);
    expect(claim).toMatchObject({ status: "approved", reviewedBy: null });
    expect(claim!.decidedAt).not.toBeNull();

    const [audit, ...moreAudit] = await auditFor(l.id);
    expect(moreAudit).toEqual([]);
    expect(audit).toMatchObject({
      actorId: p.id,
      action: "claim.confirm",
      targetType: "provider",
      before: { userId: null, isSuggested: true, role: "customer" },
      after: { userId: p.id, isSuggested: false, role: "provider", method: "email" },
    });
    expect(await pageVersion(l.id)).toBeGreaterThan(version);
    expect(t.dirty.length).toBeGreaterThan(dirty);

    // What the public API and the dashboard read now.
    const pub = await client(t).get(`/api/providers/${l.id}`);
    expect(pub.body).toMatchObject({ isClaimed: true, isSuggested: false });
    expect((await p.as.get("/api/my-provider")).body).toMatchObject({ id: l.id });
    // The claim page now says it is the new owner's.
    const target = await p.as.get(`/api/claims/listing/${l.id}`);
    expect(target.body).toMatchObject({
      provider: { isClaimed: true },
      myClaim: { status: "approved" },
      blockedBy: "yours",
    });
  });

  it("answers a second Confirm the same, changing nothing more", async () => {
    const l = await listing();
    const p = await person();
    const token = await askLink(p.as, l);
    const first = await confirm(p.as, token);
    const again = await confirm(p.as, token);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await auditFor(l.id)).toHaveLength(1);
  });

  it("gives the listing to whichever signed-in account confirms the link: the mailbox is the proof", async () => {
    const l = await listing();
    const asker = await person();
    const holder = await person({ locale: "ur" });
    const token = await askLink(asker.as, l);

    const r = await confirm(holder.as, token);
    expect(r.status, r.text).toBe(200);
    expect((await providerRow(l.id)).userId).toBe(holder.id);
    expect(await roleOf(holder.id)).toBe("provider");
    expect(await roleOf(asker.id)).toBe("customer");
    const [claim] = await claimsOf(l.id);
    expect(claim).toMatchObject({ userId: asker.id, confirmedBy: holder.id, status: "approved" });
    expect((await auditFor(l.id)).find((a) => a.action === "claim.confirm")).toMatchObject({
      actorId: holder.id,
      after: { userId: holder.id, requestedBy: asker.id },
    });
    // The one who asked is told someone else proved it first; the link now confirms nothing more.
    expect(mailsTo(asker.email).at(-1)!.subject).toMatch(/has been claimed by someone else$/);
    expect((await confirm(asker.as, token)).status).toBe(409);
    expect((await confirm(holder.as, token)).status).toBe(200);
    expect(
      t.events.some(
        (e) => e.event === "claim.won" && e.userId === holder.id && e.providerId === l.id,
      ),
    ).toBe(true);
  });

  it("works for 24 hours, then answers 410 and marks the claim expired", async () => {
    const l = await listing();
    const p = await person();
    const token = await askLink(p.as, l);
    t.clockOffset.ms = DAY + 1000;
    const r = await confirm(p.as, token);
    expect(r.status).toBe(410);
    expect((await claimsOf(l.id))[0]!.status).toBe("expired");
    expect((await providerRow(l.id)).userId).toBeNull();
    expect((await confirm(p.as, token)).status).toBe(410);
    expect((await p.as.get(`/api/claims/listing/${l.id}`)).body.myClaim.status).toBe("expired");
  });

  it("is confirmed by a POST only: opening the link's address changes nothing", async () => {
    const l = await listing();
    const p = await person();
    const token = await askLink(p.as, l);
    expect((await p.as.get(`/api/claims/confirm?token=${token}`)).status).toBe(404);
    expect((await p.as.get(`/api/claims/confirm/${token}`)).status).toBe(404);
    expect((await providerRow(l.id)).userId).toBeNull();
    expect((await claimsOf(l.id))[0]!.status).toBe("pending");
  });

  it("answers 400 for a malformed token, 404 for an unknown one, 401 signed out", async () => {
    const p = await person();
    const bad = await confirm(p.as, "short");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("token: The link is incomplete");
    const unknown = await confirm(p.as, "a".repeat(32));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/^This claim link is not valid/);
    expect((await client(t).post("/api/claims/confirm", { token: "a".repeat(32) })).status).toBe(
      401,
    );
  });

  it("lets an admin claim and stay an admin", async () => {
    const l = await listing();
    const a = await createUser(t.db, { email: `admin${++seq}@example.pk`, role: "admin" });
    const as = await clientAs(t, a);
    const token = await askLink(as, l);
    expect((await confirm(as, token)).status).toBe(200);
    expect(await roleOf(a)).toBe("admin");
    expect((await providerRow(l.id)).userId).toBe(a);
  });

  it("refuses an account that got a listing of its own after asking, changing nothing", async () => {
    const l = await listing();
    const p = await person();
    const token = await askLink(p.as, l);
    await createProvider(t.db, { companyName: "Own setup", userId: p.id });
    const r = await confirm(p.as, token);
    expect(r.status).toBe(409);
    expect(r.body.error).toMatch(/already manages a business/);
    expect((await providerRow(l.id)).userId).toBeNull();
    expect((await claimsOf(l.id))[0]!.status).toBe("pending");
  });

  it("refuses a listing deactivated meanwhile", async () => {
    const l = await listing();
    const p = await person();
    const token = await askLink(p.as, l);
    await t.db.update(providers).set({ isActive: false }).where(eq(providers.id, l.id));
    const r = await confirm(p.as, token);
    expect(r.status).toBe(409);
    expect(r.body.error).toBe("This listing is no longer active");
    expect((await providerRow(l.id)).userId).toBeNull();
  });
});

describe("competing claims", () => {
  it("lets the first proof win; the others are superseded, told in their language, and refused", async () => {
    const l = await listing();
    const winner = await person();
    const rivalEn = await person();
    const rivalUr = await person({ locale: "ur" });
    const winnerToken = await askLink(winner.as, l);
    t.clockOffset.ms = 16 * MIN;
    const rivalToken = await askLink(rivalEn.as, l);
    expect((await sendEvidence(rivalUr.as, l.id)).status).toBe(201);
    const evidenceId = (await claimsOf(l.id)).find((c) => c.method === "evidence")!.id;
    // A stale link of a fourth account is not a live competitor: it expires, untold.
    const stale = await person();
    t.clockOffset.ms = 32 * MIN;
    await askLink(stale.as, l);
    await t.db
      .update(listingClaims)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(listingClaims.providerId, l.id), eq(listingClaims.userId, stale.id)));

    expect((await confirm(winner.as, winnerToken)).status).toBe(200);
    const byUser = new Map((await claimsOf(l.id)).map((c) => [c.userId, c.status]));
    expect(Object.fromEntries(byUser)).toEqual({
      [winner.id]: "approved",
      [rivalEn.id]: "superseded",
      [rivalUr.id]: "superseded",
      [stale.id]: "expired",
    });

    const n = l.email!.match(/\d+/)![0];
    const [toEn, ...moreEn] = mailsTo(rivalEn.email);
    expect(moreEn).toEqual([]);
    expect(toEn!.subject).toBe(`Steel Works ${n} has been claimed by someone else`);
    expect(toEn!.text).toContain(`${SITE}/providers/steel-works-${n}-${l.id}`);
    const [toUr] = mailsTo(rivalUr.email);
    expect(toUr!.subject).toBe(`اسٹیل ورکس ${n} کا دعویٰ کسی اور نے کر لیا ہے`);
    expect(toUr!.text).toContain(`${SITE}/ur/providers/steel-works-${n}-${l.id}`);
    expect(mailsTo(stale.email)).toEqual([]);
    expect(mailsTo(winner.email)).toEqual([]);

    const late = await confirm(rivalEn.as, rivalToken);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe("This business has been claimed already");
    const approve = await admin.post(`/api/admin/claims/${evidenceId}/approve`);
    expect(approve.status).toBe(409);
    expect((await providerRow(l.id)).userId).toBe(winner.id);
    expect(await roleOf(rivalEn.id)).toBe("customer");
  });

  it("gives the listing to exactly one of two links confirmed at the same moment", async () => {
    const l = await listing();
    const a = await person();
    const b = await person();
    const ta = await askLink(a.as, l);
    t.clockOffset.ms = 16 * MIN;
    const tb = await askLink(b.as, l);
    const results = await Promise.all([confirm(a.as, ta), confirm(b.as, tb)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results[0].status === 200 ? a : b;
    expect((await providerRow(l.id)).userId).toBe(winner.id);
    const statuses = (await claimsOf(l.id)).map((c) => c.status).sort();
    expect(statuses).toEqual(["approved", "superseded"]);
    expect((await auditFor(l.id)).filter((x) => x.action === "claim.confirm")).toHaveLength(1);
  });
});

describe("limits", () => {
  it("two throwaway accounts asking again and again cannot lock the business out", async () => {
    const l = await listing();
    const strangers = [await person(), await person()];
    // They ask every few minutes, until their own accounts' daily limit stops them: the
    // listing's address gets at most 5 links, however they time it.
    for (let minute = 0; minute < 24 * 60; minute += 7) {
      t.clockOffset.ms = minute * MIN;
      const asker = strangers[(minute / 7) % 2]!;
      const r = await asker.as.post("/api/claims/email", { providerId: l.id });
      if (r.status === 429) break;
      expect(r.status, r.text).toBe(202);
    }
    const sent = mailsTo(l.email!).length;
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(sent).toBeLessThanOrEqual(CLAIM_MAILS_PER_DAY);
    // The owner asks in the middle of it: nothing new may be mailed, but the answer says a
    // link is in the mailbox, and the newest one there makes the owner's account the owner.
    t.clockOffset.ms = 3 * HOUR;
    const owner = await person();
    const r = await owner.as.post("/api/claims/email", { providerId: l.id });
    expect(r.status, r.text).toBe(202);
    expect((await confirm(owner.as, tokenMailedTo(l.email!))).status).toBe(200);
    expect((await providerRow(l.id)).userId).toBe(owner.id);
  });

  it("mails one address at most 5 links a day, a quarter of an hour apart at least, whoever asks", async () => {
    const l = await listing();
    const answers: boolean[] = [];
    for (let i = 0; i < 8; i++) {
      t.clockOffset.ms = i * 16 * MIN;
      const r = await (await person()).as.post("/api/claims/email", { providerId: l.id });
      expect(r.status, r.text).toBe(202);
      answers.push(r.body.mailed as boolean);
    }
    expect(answers).toEqual([true, true, true, true, true, false, false, false]);
    expect(mailsTo(l.email!)).toHaveLength(CLAIM_MAILS_PER_DAY);
    // A day after the first, the address can be mailed again.
    t.clockOffset.ms = DAY + MIN;
    const next = await (await person()).as.post("/api/claims/email", { providerId: l.id });
    expect(next.body.mailed).toBe(true);
    expect(mailsTo(l.email!)).toHaveLength(CLAIM_MAILS_PER_DAY + 1);
  });

  it("counts an account's claim attempts on all listings together: 10 a day", async () => {
    const p = await person();
    for (let i = 0; i < LIMITS.claimUser.max; i++) {
      const l = await listing();
      const r =
        i % 2 === 0
          ? await p.as.post("/api/claims/email", { providerId: l.id })
          : await sendEvidence(p.as, l.id);
      expect(r.status, r.text).toBe(i % 2 === 0 ? 202 : 201);
    }
    const l = await listing();
    expect((await p.as.post("/api/claims/email", { providerId: l.id })).status).toBe(429);
    expect((await sendEvidence(p.as, l.id)).status).toBe(429);
    expect(await claimsOf(l.id)).toEqual([]);
  });

  it("takes at most 10 proofs for one listing a day", async () => {
    const l = await listing({ email: null });
    for (let i = 0; i < LIMITS.claimEvidenceListing.max; i++) {
      expect((await sendEvidence((await person()).as, l.id)).status).toBe(201);
    }
    expect((await sendEvidence((await person()).as, l.id)).status).toBe(429);
    expect(await claimsOf(l.id)).toHaveLength(LIMITS.claimEvidenceListing.max);
  });
});

describe("POST /api/claims/evidence", () => {
  it("stores the proof for an admin, phone in E.164, and changes nothing on the listing", async () => {
    const l = await listing({ email: null });
    const p = await person();
    const before = await providerRow(l.id);
    const r = await sendEvidence(p.as, l.id, { note: "  I run the shop since 2009.  " });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ id: expect.any(String), status: "pending" });
    const [claim] = await claimsOf(l.id);
    expect(claim).toMatchObject({
      id: r.body.id,
      userId: p.id,
      method: "evidence",
      status: "pending",
      phone: "+923001234567",
      note: "I run the shop since 2009.",
      photoUrl: null,
      tokenHash: null,
    });
    expect(await providerRow(l.id)).toEqual(before);
    expect(await auditFor(l.id)).toEqual([]);
    const target = await p.as.get(`/api/claims/listing/${l.id}`);
    expect(target.body.myClaim).toEqual({
      id: r.body.id,
      method: "evidence",
      status: "pending",
      reason: null,
    });
  });

  it("keeps one pending proof per account and listing", async () => {
    const l = await listing();
    const p = await person();
    expect((await sendEvidence(p.as, l.id)).status).toBe(201);
    const again = await sendEvidence(p.as, l.id);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/^You have sent proof for this listing already/);
    // Another account may send its own.
    expect((await sendEvidence((await person()).as, l.id)).status).toBe(201);
  });

  it("refuses bad input, a claimed listing and an account that owns one", async () => {
    const l = await listing();
    const p = await person();
    const noPhone = await p.as.post("/api/claims/evidence", { providerId: l.id });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.error).toBe("phone: Phone is required");
    const long = await sendEvidence(p.as, l.id, { note: "x".repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe("note: Note must be at most 1000 characters");
    const owner = await person({ role: "provider" });
    const owned = await createProvider(t.db, { companyName: "Mine", userId: owner.id });
    expect((await sendEvidence(p.as, owned)).status).toBe(409);
    expect((await sendEvidence(owner.as, l.id)).status).toBe(409);
    expect((await sendEvidence(p.as, crypto.randomUUID())).status).toBe(404);
    expect(await claimsOf(l.id)).toEqual([]);
  });

  it("takes a photo only from the requester's own claims folder, once uploaded", async () => {
    const l = await listing();
    const p = await person();
    const other = await person();
    const key = claimPhotoKey(p.id, 1700000000000, "Shop Board.png");
    const upload = await p.as.postBytes(`/api/uploads/file?key=${key}`, jpeg());
    expect(upload.status, upload.text).toBe(200);
    // A customer may upload proof, but only into their own folder.
    const theirs = claimPhotoKey(other.id, 1700000000001, "board.jpg");
    expect((await p.as.postBytes(`/api/uploads/file?key=${theirs}`, jpeg())).status).toBe(403);

    const cases: [string, number][] = [
      [`/api/media/${claimPhotoKey(other.id, 1, "x.jpg")}`, 400],
      [`/api/media/${leadPhotoKey(p.id, 1, "x.jpg")}`, 400],
      [`/api/media/${claimPhotoKey(p.id, 2, "never-uploaded.jpg")}`, 400],
      // The public path of before (decision 030) names nothing now.
      [(upload.body.publicUrl as string).replace(/^\/api/, ""), 400],
    ];
    for (const [photoUrl, status] of cases) {
      const r = await sendEvidence(p.as, l.id, { photoUrl });
      expect(r.status, photoUrl).toBe(status);
    }
    const ok = await sendEvidence(p.as, l.id, { photoUrl: upload.body.publicUrl });
    expect(ok.status, ok.text).toBe(201);
    const [claim] = await claimsOf(l.id);
    expect(claim!.photoUrl).toBe(upload.body.publicUrl);
    // The orphan sweep and image release see the photo as in use.
    const stored = (upload.body.publicUrl as string).replace(/^\/api\/media\//, "");
    expect(await referencedBlobKeys(t.db, [stored])).toEqual(new Set([stored]));
    // The daily sweep keeps it, and deletes a proof photo never sent once past its grace.
    const unsent = claimPhotoKey(p.id, 1700000000002, "unsent.jpg");
    const left = await p.as.postBytes(`/api/uploads/file?key=${unsent}`, jpeg());
    expect(left.status).toBe(200);
    await sweepOrphanUploads({ db: t.db, blobs: t.blobs, now: new Date(Date.now() + 2 * DAY) });
    const exists = async (key: string) => {
      const blob = await t.blobs.get(key);
      if (blob?.body instanceof ReadableStream) await blob.body.cancel();
      return blob !== null;
    };
    expect(await exists(stored)).toBe(true);
    expect(await exists(left.body.key as string)).toBe(false);
  });
});

describe("admin: GET /api/admin/claims", () => {
  it("lists pending claims newest first with the proof beside what is on file, paged", async () => {
    const l = await listing();
    const p = await person();
    const older = await person();
    t.clockOffset.ms = 10 * DAY;
    const olderId = (await sendEvidence(older.as, l.id)).body.id as string;
    t.clockOffset.ms = 10 * DAY + 1000;
    const id = (await sendEvidence(p.as, l.id, { note: "Owner since 2009" })).body.id as string;

    const r = await admin.get("/api/admin/claims?status=pending&limit=100");
    expect(r.status).toBe(200);
    const list = r.body as { id: string }[];
    expect(list.findIndex((c) => c.id === id)).toBeLessThan(
      list.findIndex((c) => c.id === olderId),
    );
    const mine = list.find((c) => c.id === id);
    expect(adminClaimSchema.parse(mine)).toEqual(mine);
    expect(mine).toMatchObject({
      method: "evidence",
      status: "pending",
      phone: "+923001234567",
      note: "Owner since 2009",
      photoUrl: null,
      reason: null,
      decidedAt: null,
      provider: {
        id: l.id,
        city: "Lahore",
        phone: "+924235761234",
        email: l.email,
        isClaimed: false,
      },
      requester: { id: p.id, email: p.email, name: "Asad User" },
    });

    const page = await admin.get("/api/admin/claims?status=pending&limit=1");
    expect(page.body).toHaveLength(1);
    expect(Number(page.res.headers.get("X-Total-Count"))).toBeGreaterThanOrEqual(2);
    expect(page.res.headers.get("X-Per-Page")).toBe("1");
    expect(page.res.headers.get("Link")).toBe(
      '</api/admin/claims?status=pending&limit=1&page=2>; rel="next"',
    );
  });

  it("reads a link past its day as expired, not pending", async () => {
    const l = await listing();
    const p = await person();
    await askLink(p.as, l);
    const [claim] = await claimsOf(l.id);
    const pendingIds = async () =>
      ((await admin.get("/api/admin/claims?limit=100")).body as { id: string }[]).map((c) => c.id);
    expect(await pendingIds()).toContain(claim!.id);
    t.clockOffset.ms = DAY + 1000;
    expect(await pendingIds()).not.toContain(claim!.id);
    const expired = await admin.get("/api/admin/claims?status=expired&limit=100");
    const row = (expired.body as { id: string; status: string }[]).find((c) => c.id === claim!.id);
    expect(row?.status).toBe("expired");
  });

  it("answers 400 for an unknown status and 403 to anyone but an admin", async () => {
    const bad = await admin.get("/api/admin/claims?status=maybe");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(
      "Invalid query: status: status must be pending, approved, rejected, superseded or expired",
    );
    expect((await (await person()).as.get("/api/admin/claims")).status).toBe(403);
  });
});

describe("admin: approve and reject", () => {
  it("approving makes the requester the owner and mails them in their language", async () => {
    const l = await listing({ email: null });
    const p = await person({ locale: "ur" });
    const rival = await person();
    const id = (await sendEvidence(p.as, l.id)).body.id as string;
    await sendEvidence(rival.as, l.id);
    const version = await pageVersion(l.id);

    const r = await admin.post(`/api/admin/claims/${id}/approve`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ providerId: l.id, path: expect.stringContaining(l.id) });
    const row = await providerRow(l.id);
    expect(row).toMatchObject({ userId: p.id, isSuggested: false });
    expect(await roleOf(p.id)).toBe("provider");
    const claims = await claimsOf(l.id);
    expect(claims.find((c) => c.id === id)).toMatchObject({
      status: "approved",
      reviewedBy: adminId,
    });
    expect(claims.find((c) => c.userId === rival.id)!.status).toBe("superseded");
    expect(await auditFor(l.id)).toEqual([
      expect.objectContaining({ action: "claim.approve", actorId: adminId }),
    ]);
    expect(await pageVersion(l.id)).toBeGreaterThan(version);

    const n = row.companyName.match(/\d+/)![0];
    const [mail] = mailsTo(p.email);
    expect(mail!.subject).toBe(`کارخانہ پر اسٹیل ورکس ${n} اب آپ کا ہے`);
    expect(mail!.text).toContain(`${SITE}/ur/provider-dashboard`);
    expect(mailsTo(rival.email)[0]!.subject).toBe(
      `Steel Works ${n} has been claimed by someone else`,
    );

    const again = await admin.post(`/api/admin/claims/${id}/approve`);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("This claim has been decided already");
  });

  it("rejecting stores the reason, mails it, and leaves the listing alone", async () => {
    const l = await listing({ email: null });
    const p = await person();
    const id = (await sendEvidence(p.as, l.id)).body.id as string;
    const before = await providerRow(l.id);

    const noReason = await admin.post(`/api/admin/claims/${id}/reject`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toBe("reason: Reason is required");
    const r = await admin.post(`/api/admin/claims/${id}/reject`, {
      reason: "  The phone number does not answer  ",
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id, status: "rejected" });
    expect(await providerRow(l.id)).toEqual(before);
    const [claim] = await claimsOf(l.id);
    expect(claim).toMatchObject({
      status: "rejected",
      reason: "The phone number does not answer",
      reviewedBy: adminId,
    });
    expect(await auditFor(id)).toEqual([
      expect.objectContaining({
        action: "claim.reject",
        actorId: adminId,
        targetType: "claim",
        after: expect.objectContaining({ reason: "The phone number does not answer" }),
      }),
    ]);
    const [mail] = mailsTo(p.email);
    expect(mail!.subject).toMatch(/^Your claim of Steel Works \d+ was not approved$/);
    expect(mail!.text).toContain("Reason: The phone number does not answer");
    expect(mail!.text).toContain(`${SITE}/claim-listing?provider=${l.id}`);

    expect((await admin.post(`/api/admin/claims/${id}/reject`, { reason: "Again" })).status).toBe(
      409,
    );
    expect((await admin.post(`/api/admin/claims/${id}/approve`)).status).toBe(409);
    // The requester sees why, and may try again with new proof.
    const target = await p.as.get(`/api/claims/listing/${l.id}`);
    expect(target.body.myClaim).toMatchObject({
      status: "rejected",
      reason: "The phone number does not answer",
    });
    expect((await sendEvidence(p.as, l.id)).status).toBe(201);
  });

  it("a rejected link no longer confirms", async () => {
    const l = await listing();
    const p = await person();
    const token = await askLink(p.as, l);
    const [claim] = await claimsOf(l.id);
    const r = await admin.post(`/api/admin/claims/${claim!.id}/reject`, { reason: "Spam" });
    expect(r.status).toBe(200);
    expect((await confirm(p.as, token)).status).toBe(409);
    expect((await providerRow(l.id)).userId).toBeNull();
  });

  it("answers 404 for an unknown claim", async () => {
    const unknown = crypto.randomUUID();
    expect((await admin.post(`/api/admin/claims/${unknown}/approve`)).status).toBe(404);
    expect((await admin.post(`/api/admin/claims/nope/reject`, { reason: "Spam" })).status).toBe(
      404,
    );
  });
});

describe("admin: POST /api/admin/providers/:id/detach", () => {
  it("takes the listing from its owner (audited) and makes it claimable again", async () => {
    const l = await listing();
    const owner = await person();
    await confirm(owner.as, await askLink(owner.as, l));
    const version = await pageVersion(l.id);

    const r = await admin.post(`/api/admin/providers/${l.id}/detach`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: l.id, userId: null, ownerEmail: null });
    expect((await providerRow(l.id)).userId).toBeNull();
    expect(await roleOf(owner.id)).toBe("provider");
    expect((await auditFor(l.id)).map((a) => a.action)).toEqual([
      "claim.confirm",
      "provider.detach",
    ]);
    const detach = (await auditFor(l.id)).find((a) => a.action === "provider.detach")!;
    expect(detach).toMatchObject({
      actorId: adminId,
      before: { userId: owner.id, ownerEmail: owner.email },
      after: { userId: null },
    });
    expect(await pageVersion(l.id)).toBeGreaterThan(version);
    expect((await client(t).get(`/api/providers/${l.id}`)).body.isClaimed).toBe(false);

    const next = await person();
    expect((await next.as.get(`/api/claims/listing/${l.id}`)).body.blockedBy).toBeNull();
    expect((await confirm(next.as, await askLink(next.as, l))).status).toBe(200);

    const noOwner = await admin.post(`/api/admin/providers/${(await listing()).id}/detach`);
    expect(noOwner.status).toBe(409);
    expect(noOwner.body.error).toBe("This listing has no owner");
    expect((await admin.post(`/api/admin/providers/${crypto.randomUUID()}/detach`)).status).toBe(
      404,
    );
  });
});

describe("where a listing's email came from (decision 029)", () => {
  const EMAIL_UNCONFIRMED =
    "The email on this listing was set by its former owner and our team has not confirmed it: send proof to our team instead";
  const sourceOf = async (id: string) => {
    const row = await providerRow(id);
    return [row.emailSource, row.emailSourceUserId];
  };

  it("an owner an admin detached cannot take the listing back through the address they set, until an admin confirms it", async () => {
    const l = await listing();
    const x = await person();
    expect((await confirm(x.as, await askLink(x.as, l))).status).toBe(200);
    // While the owner, X puts an address of their own on the listing.
    const own = `x${++seq}@own-mail.example.pk`;
    const put = await x.as.put(`/api/providers/${l.id}`, { email: own });
    expect(put.status, put.text).toBe(200);
    expect(await sourceOf(l.id)).toEqual(["owner", x.id]);
    // An admin detaches X.
    expect((await admin.post(`/api/admin/providers/${l.id}/detach`)).status).toBe(200);

    // X asks for a claim link, which would go to X's own mailbox: refused, nothing mailed.
    const back = await x.as.post("/api/claims/email", { providerId: l.id });
    expect([back.status, back.body.error]).toEqual([422, EMAIL_UNCONFIRMED]);
    expect(mailsTo(own)).toEqual([]);
    expect(await claimsOf(l.id)).toHaveLength(1);
    expect(
      t.events.some(
        (e) =>
          e.event === "claim.refused" &&
          e.userId === x.id &&
          e.providerId === l.id &&
          e.reason === "email_unconfirmed",
      ),
    ).toBe(true);
    // Nobody else can use it either; the claim page says why and offers the evidence path.
    const other = await person();
    expect((await other.as.post("/api/claims/email", { providerId: l.id })).status).toBe(422);
    const page = await other.as.get(`/api/claims/listing/${l.id}`);
    expect(page.body).toMatchObject({ emailOnFile: "x•••@o•••.example.pk", emailUsable: false });
    expect((await sendEvidence(x.as, l.id)).status).toBe(201);
    expect((await providerRow(l.id)).userId).toBeNull();

    // The admin sees where the address came from, and confirms it after checking.
    const listed = await admin.get(`/api/admin/providers?q=${l.id}`);
    expect(listed.body[0]).toMatchObject({
      email: own,
      emailSource: "owner",
      emailProvesClaim: false,
    });
    const confirmed = await admin.post(`/api/admin/providers/${l.id}/confirm-email`);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body).toMatchObject({ emailSource: "admin", emailProvesClaim: true });
    expect(await sourceOf(l.id)).toEqual(["admin", adminId]);
    expect((await auditFor(l.id)).find((a) => a.action === "provider.email_confirm")).toMatchObject(
      {
        actorId: adminId,
        before: { email: own, emailSource: "owner", emailSourceUserId: x.id },
        after: { email: own, emailSource: "admin", emailSourceUserId: adminId },
      },
    );
    expect(
      t.events.some((e) => e.event === "provider.email_confirmed" && e.providerId === l.id),
    ).toBe(true);
    // From now on a link to it proves a claim: the admin's word.
    const again = await x.as.post("/api/claims/email", { providerId: l.id });
    expect(again.status, again.text).toBe(202);
    expect((await confirm(x.as, tokenMailedTo(own))).status).toBe(200);
    expect((await providerRow(l.id)).userId).toBe(x.id);
  });

  it("keeps the directory's address trusted when the detached owner never changed it", async () => {
    const l = await listing();
    const x = await person();
    expect((await confirm(x.as, await askLink(x.as, l))).status).toBe(200);
    // Saving the same address again vouches for nothing new.
    expect((await x.as.put(`/api/providers/${l.id}`, { email: l.email })).status).toBe(200);
    expect(await sourceOf(l.id)).toEqual(["seed", null]);
    expect((await admin.post(`/api/admin/providers/${l.id}/detach`)).status).toBe(200);
    expect((await (await person()).as.post("/api/claims/email", { providerId: l.id })).status).toBe(
      202,
    );
  });

  it("a link stops proving a claim when the listing's address changes before it is confirmed", async () => {
    const l = await listing();
    const p = await person();
    const token = await askLink(p.as, l);
    expect((await claimsOf(l.id))[0]!.sentTo).toBe(l.email);
    const r = await admin.patch(`/api/admin/providers/${l.id}/details`, {
      email: "new-desk@steelworks.com.pk",
    });
    expect(r.status, r.text).toBe(200);
    const dead = await confirm(p.as, token);
    expect([dead.status, dead.body.error]).toEqual([
      410,
      "This link has expired or no longer works: ask for a new link",
    ]);
    expect((await providerRow(l.id)).userId).toBeNull();
  });

  it("records who set each address: owners, admins, approved suggestions and accepted edits", async () => {
    // An owner's own listing.
    const owner = await person();
    const made = await owner.as.post("/api/providers", {
      companyName: `Own Setup ${++seq}`,
      email: `desk${seq}@own.example.pk`,
    });
    expect(made.status, made.text).toBe(201);
    expect(await sourceOf(made.body.id)).toEqual(["owner", owner.id]);
    // An admin adding one, and an admin changing an owner's address.
    const added = await admin.post("/api/admin/providers", {
      companyName: `Admin Added ${seq}`,
      location: "Lahore",
      email: `desk${seq}@admin.example.pk`,
    });
    expect(added.status, added.text).toBe(201);
    expect(await sourceOf(added.body.id)).toEqual(["admin", adminId]);
    expect(added.body).toMatchObject({ emailSource: "admin", emailProvesClaim: true });
    const fixed = await admin.put(`/api/providers/${made.body.id}`, {
      email: `fixed${seq}@own.example.pk`,
    });
    expect(fixed.status, fixed.text).toBe(200);
    expect(await sourceOf(made.body.id)).toEqual(["admin", adminId]);
    // Clearing the address clears where it came from.
    expect((await owner.as.put(`/api/providers/${made.body.id}`, { email: "" })).status).toBe(200);
    expect(await sourceOf(made.body.id)).toEqual([null, null]);

    // An approved suggestion: the approving admin vouches.
    const suggestion = crypto.randomUUID();
    await t.db.insert(providerSuggestions).values({
      id: suggestion,
      name: `Suggested Works ${seq}`,
      city: "Lahore",
      categoryIds: [SEED_CATEGORIES[0]!.id],
      contact: "0300 1234567",
      email: `desk${seq}@suggested.example.pk`,
    });
    const approved = await admin.post(`/api/admin/suggestions/${suggestion}/approve`, {});
    expect(approved.status, approved.text).toBe(200);
    const [fromSuggestion] = await t.db
      .select()
      .from(providers)
      .where(eq(providers.companyName, `Suggested Works ${seq}`));
    expect([fromSuggestion!.emailSource, fromSuggestion!.emailSourceUserId]).toEqual([
      "suggestion",
      adminId,
    ]);

    // A proposed address: an admin's acceptance is the directory's, an owner's the owner's.
    const proposer = await person();
    const unowned = await listing();
    const toAdmin = await proposer.as.post("/api/edits", {
      providerId: unowned.id,
      proposals: [{ field: "email", value: `new${seq}@proposed.example.pk` }],
    });
    expect(toAdmin.status, toAdmin.text).toBe(201);
    expect((await admin.post(`/api/admin/edits/${toAdmin.body.ids[0]}/accept`)).status).toBe(200);
    expect(await sourceOf(unowned.id)).toEqual(["edit", adminId]);
    const toOwner = await proposer.as.post("/api/edits", {
      providerId: made.body.id,
      proposals: [{ field: "email", value: `other${seq}@proposed.example.pk` }],
    });
    expect(toOwner.status, toOwner.text).toBe(201);
    const accepted = await owner.as.post(`/api/my-provider/edits/${toOwner.body.ids[0]}/accept`);
    expect(accepted.status, accepted.text).toBe(200);
    expect(await sourceOf(made.body.id)).toEqual(["owner", owner.id]);
  });

  it("POST /api/admin/providers/:id/confirm-email: 404 for an unknown listing, 409 without an email", async () => {
    expect(
      (await admin.post(`/api/admin/providers/${crypto.randomUUID()}/confirm-email`)).status,
    ).toBe(404);
    const none = await listing({ email: null });
    const r = await admin.post(`/api/admin/providers/${none.id}/confirm-email`);
    expect([r.status, r.body.error]).toEqual([409, "This listing has no email on file"]);
    // An address an admin already vouched for: nothing to write.
    const l = await listing();
    expect((await admin.post(`/api/admin/providers/${l.id}/confirm-email`)).status).toBe(200);
    expect((await admin.post(`/api/admin/providers/${l.id}/confirm-email`)).status).toBe(200);
    const audits = (await auditFor(l.id)).filter((a) => a.action === "provider.email_confirm");
    expect(audits).toHaveLength(1);
    expect(
      (await (await person()).as.post(`/api/admin/providers/${l.id}/confirm-email`)).status,
    ).toBe(403);
  });
});
