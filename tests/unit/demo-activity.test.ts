import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDb, openDb, type Db } from "../../db/client.ts";
import { periodEnding, providerInsights } from "../../db/queries/analytics.ts";
import { listCustomerLeads, listProviderInbox, needHashOf } from "../../db/queries/leads.ts";
import { REPLY_WINDOW_DAYS } from "../../db/queries/reply-times.ts";
import {
  leadMessages,
  leads,
  providerSearchTermsDaily,
  providers,
  providerStatsDaily,
  searchStatsDaily,
  users,
} from "../../db/schema.ts";
import { DEMO_ACTIVITY_DAYS } from "../../db/seed/activity.ts";
import { seedIfEmpty } from "../../db/seed/index.ts";

/**
 * The demo's activity (db/seed/activity.ts): quote requests with their
 * threads, 90 days of counts and the measured reply times, the same for the
 * same seed and clock, and consistent with what the leads code would have
 * written.
 */

const NOW = new Date("2026-11-27T09:30:00Z");
const DAY = 24 * 60 * 60 * 1000;

let dir: string;
let db: Db;
let again: Db;

async function seeded(name: string): Promise<Db> {
  const d = await openDb({ url: `file:${join(dir, name)}` });
  await migrateDb(d);
  expect(await seedIfEmpty(d, { now: NOW })).toBe(true);
  return d;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "karkhana-activity-"));
  db = await seeded("a.db");
  again = await seeded("b.db");
}, 60_000);

afterAll(async () => {
  db.$client.close();
  again.$client.close();
  await rm(dir, { recursive: true, force: true });
});

/** Everything the activity wrote, with customers by email (their ids are drawn at random). */
async function snapshot(d: Db) {
  const leadRows = await d
    .select({ lead: leads, customer: users.email })
    .from(leads)
    .innerJoin(users, eq(users.id, leads.customerId))
    .orderBy(asc(leads.id));
  const messages = await d
    .select({
      id: leadMessages.id,
      leadId: leadMessages.leadId,
      side: leadMessages.side,
      body: leadMessages.body,
      quotePkr: leadMessages.quotePkr,
      quoteValidUntil: leadMessages.quoteValidUntil,
      createdAt: leadMessages.createdAt,
    })
    .from(leadMessages)
    .orderBy(asc(leadMessages.id));
  const owners = await d
    .select({ provider: providers.id, email: users.email, replyMinutes: providers.replyMinutes })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .orderBy(asc(providers.id));
  return {
    leads: leadRows.map(({ lead, customer }) => ({ ...lead, customerId: customer })),
    messages,
    owners,
    stats: await d
      .select()
      .from(providerStatsDaily)
      .orderBy(asc(providerStatsDaily.providerId), asc(providerStatsDaily.day)),
    terms: await d
      .select()
      .from(providerSearchTermsDaily)
      .orderBy(
        asc(providerSearchTermsDaily.providerId),
        asc(providerSearchTermsDaily.day),
        asc(providerSearchTermsDaily.term),
      ),
    searches: await d
      .select()
      .from(searchStatsDaily)
      .orderBy(
        asc(searchStatsDaily.day),
        asc(searchStatsDaily.term),
        asc(searchStatsDaily.city),
        asc(searchStatsDaily.categoryId),
      ),
  };
}

async function demoIds(d: Db) {
  const [provider] = await d
    .select({ id: providers.id })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(eq(users.email, "provider@karkhana.example"));
  const [customer] = await d
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "customer@karkhana.example"));
  return { provider: provider!.id, customer: customer!.id };
}

describe("the demo activity", () => {
  it("is the same for the same seed and clock", async () => {
    const a = await snapshot(db);
    expect(a.leads.length).toBeGreaterThan(50);
    expect(a.messages.length).toBeGreaterThan(a.leads.length);
    expect(await snapshot(again)).toEqual(a);
  });

  it("sends requests only to providers with an owner, within the last 90 days", async () => {
    const rows = await db
      .select({ lead: leads, owner: providers.userId, active: providers.isActive })
      .from(leads)
      .innerJoin(providers, eq(providers.id, leads.providerId));
    for (const { lead, owner, active } of rows) {
      expect(owner).not.toBeNull();
      expect(active).toBe(true);
      expect(lead.createdAt.getTime()).toBeGreaterThan(NOW.getTime() - REPLY_WINDOW_DAYS * DAY);
      expect(lead.createdAt.getTime()).toBeLessThan(NOW.getTime());
    }
    // A share of the listings, not all: some stay unclaimed.
    const all = await db.select({ owner: providers.userId }).from(providers);
    const owned = all.filter((p) => p.owner).length;
    expect(owned).toBeGreaterThan(20);
    expect(owned).toBeLessThan(all.length / 2);
  });

  it("leaves every lead as the leads code would: status, first reply, last message, reads, mails, hash", async () => {
    const rows = await db
      .select({ lead: leads, owner: providers.userId })
      .from(leads)
      .innerJoin(providers, eq(providers.id, leads.providerId));
    const messages = await db.select().from(leadMessages).orderBy(asc(leadMessages.createdAt));
    const statuses = new Set<string>();
    for (const { lead, owner } of rows) {
      statuses.add(lead.status);
      const thread = messages.filter((m) => m.leadId === lead.id);
      const fromProvider = thread.filter((m) => m.side === "provider");
      const times = thread.map((m) => m.createdAt.getTime());
      expect(times).toEqual([...times].sort((x, y) => x - y));
      expect(Math.min(...times, Infinity)).toBeGreaterThan(lead.createdAt.getTime());
      expect(Math.max(...times, 0)).toBeLessThanOrEqual(NOW.getTime());

      // replied / quoted / won / lost ⇔ the provider wrote; quoted ⇔ a quote among them.
      expect(lead.status === "new").toBe(fromProvider.length === 0);
      if (lead.status === "replied")
        expect(fromProvider.every((m) => m.quotePkr === null)).toBe(true);
      if (lead.status === "quoted")
        expect(fromProvider.some((m) => m.quotePkr !== null)).toBe(true);
      for (const m of thread) {
        expect(m.senderId).toBe(m.side === "provider" ? owner : lead.customerId);
        expect(m.quoteValidUntil === null).toBe(m.quotePkr === null);
      }

      expect(lead.firstReplyAt).toEqual(fromProvider[0]?.createdAt ?? null);
      expect(lead.lastMessageAt).toEqual(thread.at(-1)?.createdAt ?? lead.createdAt);
      expect(lead.deliveredAt).toEqual(lead.createdAt);
      expect(lead.reviewState).toBe("visible");
      expect(lead.needHash).toBe(await needHashOf(lead.need));
      expect(lead.need.length).toBeGreaterThanOrEqual(20);
      // Each side has read at least what it wrote itself; the provider was mailed the request.
      const lastOwn = (side: string) =>
        Math.max(0, ...thread.filter((m) => m.side === side).map((m) => m.createdAt.getTime()));
      expect(lead.customerReadAt!.getTime()).toBeGreaterThanOrEqual(lastOwn("customer"));
      expect(lead.providerReadAt?.getTime() ?? 0).toBeGreaterThanOrEqual(lastOwn("provider"));
      expect(lead.providerMailedAt!.getTime()).toBeGreaterThanOrEqual(lead.createdAt.getTime());
      expect(lead.customerMailedAt === null).toBe(fromProvider.length === 0);
    }
    expect([...statuses].sort()).toEqual(["lost", "new", "quoted", "replied", "won"]);
  });

  it("gives the demo provider a few leads with one unread, and the demo customer a few requests", async () => {
    const demo = await demoIds(db);
    const page = { cursor: null, limit: 100 };
    const inbox = await listProviderInbox(db, demo.provider, page);
    expect(inbox.items.length).toBeGreaterThanOrEqual(3);
    expect(inbox.unread).toBe(1);
    expect(inbox.items.find((l) => l.unread)?.status).toBe("new");
    const mine = (await listCustomerLeads(db, demo.customer, page)).items;
    expect(mine.length).toBeGreaterThanOrEqual(2);
    // Their request to the demo provider was quoted, and the quote is not read yet.
    expect(mine.find((l) => l.provider.id === demo.provider)).toMatchObject({
      status: "quoted",
      unread: true,
    });
  });

  it("measures reply times: some providers have one, and the fastest wear the badge", async () => {
    const measured = await db
      .select({ minutes: providers.replyMinutes, fast: providers.isFastResponder })
      .from(providers);
    const withTime = measured.filter((p) => p.minutes !== null);
    expect(withTime.length).toBeGreaterThanOrEqual(4);
    const fast = withTime.filter((p) => p.fast);
    expect(fast.length).toBeGreaterThanOrEqual(1);
    expect(fast.length).toBeLessThan(withTime.length);
    const slowestFast = Math.max(...fast.map((p) => p.minutes!));
    expect(withTime.filter((p) => !p.fast).every((p) => p.minutes! > slowestFast)).toBe(true);
  });

  it("counts 90 days of views, searches and the words searched, views above clicks above reveals above taps", async () => {
    const { from, to } = periodEnding(NOW, DEMO_ACTIVITY_DAYS);
    const stats = await db.select().from(providerStatsDaily);
    const terms = await db.select().from(providerSearchTermsDaily);
    const searches = await db.select().from(searchStatsDaily);
    for (const r of [...stats, ...terms, ...searches]) {
      expect(r.day >= from && r.day <= to, r.day).toBe(true);
    }
    expect(new Set(stats.map((r) => r.day)).size).toBe(DEMO_ACTIVITY_DAYS);
    const sum = (k: keyof (typeof stats)[number]) => stats.reduce((s, r) => s + Number(r[k]), 0);
    expect(sum("impressions")).toBeGreaterThan(sum("views"));
    expect(sum("views")).toBeGreaterThan(sum("resultClicks"));
    expect(sum("resultClicks")).toBeGreaterThan(sum("contactReveals"));
    expect(sum("contactReveals")).toBeGreaterThan(sum("phoneTaps"));
    for (const r of stats)
      expect(r.resultClicks).toBeLessThanOrEqual(Math.min(r.views, r.impressions));

    // Searches directory-wide, a few of which found nothing.
    expect(searches.every((r) => r.noResults <= r.searches)).toBe(true);
    const nothing = new Set(searches.filter((r) => r.noResults > 0).map((r) => r.term));
    expect(nothing.size).toBeGreaterThan(0);
    expect(nothing.size).toBeLessThanOrEqual(5);

    // The demo provider's Insights tab: figures, quote requests and its top searches.
    const demo = await demoIds(db);
    const insights = await providerInsights(db, demo.provider, NOW, 90);
    expect(insights.totals.views).toBeGreaterThan(0);
    expect(insights.totals.quoteRequests).toBeGreaterThanOrEqual(3);
    expect(insights.topQueries.length).toBeGreaterThan(1);
  });
});
