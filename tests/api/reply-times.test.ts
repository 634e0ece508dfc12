import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateDb, openDb, type Db } from "../../db/client.ts";
import { recomputeReplyTimes } from "../../db/queries/reply-times.ts";
import { refreshReplyTimes } from "../../functions/node/housekeeping.ts";
import { getDataVersion, pageChangesSince } from "../../db/queries/site-meta.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { leads, providers } from "../../db/schema.ts";

const MIN = 60 * 1000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const NOW = new Date("2026-12-01T12:00:00Z");

let dir: string;
let db: Db;
let customer: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "karkhana-reply-times-"));
  db = await openDb({ url: `file:${join(dir, "test.db")}` });
  await migrateDb(db);
  customer = await createUser(db, { email: "buyer@example.pk" });
});

afterAll(async () => {
  db.$client.close();
  await rm(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await db.delete(leads);
  await db.delete(providers);
});

interface LeadSpec {
  /** Minutes from delivery to the first reply; null: never replied. */
  reply: number | null;
  /** How long before NOW the lead came (default 2 days). */
  ageMs?: number;
  /** Held, then released this many minutes after it came (default: delivered at once). */
  releasedAfter?: number;
  reviewState?: "visible" | "held" | "removed";
}

async function addLeads(providerId: string, specs: LeadSpec[]) {
  for (const s of specs) {
    const createdAt = new Date(NOW.getTime() - (s.ageMs ?? 2 * DAY));
    const deliveredAt = new Date(createdAt.getTime() + (s.releasedAfter ?? 0) * MIN);
    await db.insert(leads).values({
      id: crypto.randomUUID(),
      providerId,
      customerId: customer,
      need: "Twenty characters or more of what is needed.",
      city: "Lahore",
      needHash: crypto.randomUUID(),
      reviewState: s.reviewState ?? "visible",
      deliveredAt: s.reviewState && s.reviewState !== "visible" ? null : deliveredAt,
      firstReplyAt: s.reply === null ? null : new Date(deliveredAt.getTime() + s.reply * MIN),
      lastMessageAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    });
  }
}

const replied = (...minutes: number[]): LeadSpec[] => minutes.map((reply) => ({ reply }));

let owners = 0;

/** A listing with an owner (leads reach only owned listings) and the given leads. */
async function provider(
  name: string,
  specs: LeadSpec[],
  opts: { city?: string; isActive?: boolean } = {},
) {
  const userId = await createUser(db, { email: `owner${++owners}@example.pk`, role: "provider" });
  const id = await createProvider(db, {
    companyName: name,
    city: opts.city ?? "Lahore",
    isActive: opts.isActive ?? true,
    userId,
  });
  await addLeads(id, specs);
  return id;
}

async function shown(id: string) {
  const [row] = await db
    .select({ replyMinutes: providers.replyMinutes, isFastResponder: providers.isFastResponder })
    .from(providers)
    .where(eq(providers.id, id));
  return row!;
}

describe("recomputeReplyTimes: the median", () => {
  it("is the middle first-reply time of an odd count, the mean of the middle two of an even one", async () => {
    const odd = await provider("Odd Works", replied(600, 30, 60));
    const even = await provider("Even Works", replied(100, 10, 40, 20));
    await recomputeReplyTimes(db, NOW);
    expect((await shown(odd)).replyMinutes).toBe(60);
    expect((await shown(even)).replyMinutes).toBe(30);
  });

  it("rounds up to whole minutes", async () => {
    const id = await provider("Quick Works", replied(0.5, 1.5, 1.5));
    await recomputeReplyTimes(db, NOW);
    expect((await shown(id)).replyMinutes).toBe(2);
  });

  it("needs 3 visible leads from the last 90 days", async () => {
    const two = await provider("Two Leads", replied(60, 60));
    const old = await provider("Old Leads", [...replied(60, 60), { reply: 60, ageMs: 91 * DAY }]);
    const held = await provider("Held Lead", [
      ...replied(60, 60),
      { reply: 60, reviewState: "held" },
      { reply: 60, reviewState: "removed" },
    ]);
    const three = await provider("Three Leads", [
      ...replied(60, 120),
      { reply: 30, ageMs: 89 * DAY },
    ]);
    await recomputeReplyTimes(db, NOW);
    expect((await shown(two)).replyMinutes).toBeNull();
    expect((await shown(old)).replyMinutes).toBeNull();
    expect((await shown(held)).replyMinutes).toBeNull();
    expect((await shown(three)).replyMinutes).toBe(60);
  });

  it("counts an unanswered lead as its wait so far once it is a day old, and not before", async () => {
    const waiting = await provider("Slow Works", [
      ...replied(30, 60),
      { reply: null, ageMs: 3 * DAY },
    ]);
    const fresh = await provider("Busy Works", [
      ...replied(30, 60),
      { reply: null, ageMs: 2 * HOUR },
    ]);
    await recomputeReplyTimes(db, NOW);
    expect((await shown(waiting)).replyMinutes).toBe(60);
    // Median of 30, 60 and 3 days: 60. With a second old unanswered lead it is the wait.
    await addLeads(waiting, [{ reply: null, ageMs: 2 * DAY }]);
    await recomputeReplyTimes(db, NOW);
    expect((await shown(waiting)).replyMinutes).toBe((60 + 2 * 24 * 60) / 2);
    expect((await shown(fresh)).replyMinutes).toBeNull();
  });

  it("starts a held lead's clock when an admin released it", async () => {
    const id = await provider("Released Works", [
      { reply: 30, releasedAfter: 600 },
      { reply: 30, releasedAfter: 600 },
      { reply: 30 },
    ]);
    await recomputeReplyTimes(db, NOW);
    expect((await shown(id)).replyMinutes).toBe(30);
  });

  it("goes back to null when the leads age out of the window", async () => {
    const id = await provider("Fading Works", [
      { reply: 60, ageMs: 80 * DAY },
      { reply: 60, ageMs: 80 * DAY },
      { reply: 60, ageMs: 80 * DAY },
    ]);
    await recomputeReplyTimes(db, NOW);
    expect((await shown(id)).replyMinutes).toBe(60);
    await recomputeReplyTimes(db, new Date(NOW.getTime() + 11 * DAY));
    expect((await shown(id)).replyMinutes).toBeNull();
  });
});

describe("recomputeReplyTimes: whose replies", () => {
  /** Hands the listing to a new account from `at` on, as a won claim does (decision 025). */
  async function newOwner(providerId: string, at: Date) {
    const userId = await createUser(db, { email: `owner${++owners}@example.pk`, role: "provider" });
    await db.update(providers).set({ userId, ownerSince: at }).where(eq(providers.id, providerId));
  }

  it("counts only the leads sent to the current owner, since they won the listing", async () => {
    // The previous owner answered three requests within minutes.
    const id = await provider("Handed Works", [
      { reply: 5, ageMs: 20 * DAY },
      { reply: 5, ageMs: 19 * DAY },
      { reply: 5, ageMs: 18 * DAY },
    ]);
    await recomputeReplyTimes(db, NOW);
    expect(await shown(id)).toEqual({ replyMinutes: 5, isFastResponder: false });

    // Claimed by someone else ten days ago: the old replies are not theirs.
    await newOwner(id, new Date(NOW.getTime() - 10 * DAY));
    await recomputeReplyTimes(db, NOW);
    expect((await shown(id)).replyMinutes).toBeNull();

    // Their own requests count from then on, and only they.
    await addLeads(id, [
      { reply: 300, ageMs: 9 * DAY },
      { reply: 300, ageMs: 8 * DAY },
      { reply: 240, ageMs: 7 * DAY },
    ]);
    await recomputeReplyTimes(db, NOW);
    expect((await shown(id)).replyMinutes).toBe(300);
  });

  it("shows none while the listing has no owner, and no badge from a previous owner's speed", async () => {
    const fast = await provider("Left Works", replied(1, 1, 1));
    const others = [];
    for (const t of [30, 60, 90, 120]) others.push(await provider(`Kept ${t}`, replied(t, t, t)));
    await recomputeReplyTimes(db, NOW);
    expect(await shown(fast)).toEqual({ replyMinutes: 1, isFastResponder: true });

    // An admin detaches the owner: nobody's replies are left to show.
    await db.update(providers).set({ userId: null }).where(eq(providers.id, fast));
    await recomputeReplyTimes(db, NOW);
    expect(await shown(fast)).toEqual({ replyMinutes: null, isFastResponder: false });
    // The bar is set by the measured owners alone: 30 minutes is the fastest quarter now.
    expect((await shown(others[0]!)).isFastResponder).toBe(true);
  });
});

describe("recomputeReplyTimes: the fastest quarter", () => {
  it("needs at least 4 measured providers", async () => {
    const ids = [
      await provider("A Works", replied(10, 10, 10)),
      await provider("B Works", replied(20, 20, 20)),
      await provider("C Works", replied(30, 30, 30)),
    ];
    await recomputeReplyTimes(db, NOW);
    for (const id of ids) expect((await shown(id)).isFastResponder).toBe(false);

    const d = await provider("D Works", replied(40, 40, 40));
    await recomputeReplyTimes(db, NOW);
    expect((await shown(ids[0]!)).isFastResponder).toBe(true);
    for (const id of [ids[1]!, ids[2]!, d]) expect((await shown(id)).isFastResponder).toBe(false);
  });

  it("is the fastest ceil(n/4), ties sharing the badge; unmeasured and inactive providers take no part", async () => {
    const times = [5, 5, 9, 12, 30, 60, 90, 120, 240];
    const ids = [];
    for (const [i, t] of times.entries()) ids.push(await provider(`Works ${i}`, replied(t, t, t)));
    // Faster than everyone, but not listed: neither counted nor badged.
    const inactive = await provider("Closed Works", replied(1, 1, 1), { isActive: false });
    await provider("Unmeasured Works", replied(1, 1));
    await recomputeReplyTimes(db, NOW);
    // 9 measured active providers: rank ceil(9/4) = 3 sets the bar at 9 minutes.
    const fast = await Promise.all(ids.map(async (id) => (await shown(id)).isFastResponder));
    expect(fast).toEqual([true, true, true, false, false, false, false, false, false]);
    expect(await shown(inactive)).toEqual({ replyMinutes: 1, isFastResponder: false });

    // A tie at the bar shares it.
    await db.delete(leads).where(eq(leads.providerId, ids[3]!));
    await addLeads(ids[3]!, replied(9, 9, 9));
    await recomputeReplyTimes(db, NOW);
    expect((await shown(ids[3]!)).isFastResponder).toBe(true);
  });
});

describe("recomputeReplyTimes: pages", () => {
  it("marks changed only the providers whose shown values changed, and their cities", async () => {
    const lahore = await provider("Lahore Works", replied(60, 60, 60));
    const karachi = await provider("Karachi Works", replied(120, 120, 120), { city: "Karachi" });
    const quiet = await provider("Quiet Works", replied(60), { city: "Multan" });
    const closed = await provider("Closed Works", replied(60, 60, 60), {
      city: "Quetta",
      isActive: false,
    });
    const before = await getDataVersion(db);

    expect(await recomputeReplyTimes(db, NOW)).toEqual({ changed: 3, pagesMarked: 2 });
    const first = await getDataVersion(db);
    expect(first).toBe(before + 1);
    const tags = await pageChangesSince(db, before);
    expect([...tags.keys()].sort()).toEqual(
      [`provider:${lahore}`, `provider:${karachi}`, "city:lahore", "city:karachi"].sort(),
    );
    expect(tags.has(`provider:${quiet}`)).toBe(false);
    expect(tags.has(`provider:${closed}`)).toBe(false);

    // Nothing changed: nothing written, the data version stays.
    expect(await recomputeReplyTimes(db, NOW)).toEqual({ changed: 0, pagesMarked: 0 });
    expect(await getDataVersion(db)).toBe(first);

    // One provider changes: only its page and its city move.
    await addLeads(karachi, replied(1, 1, 1));
    expect(await recomputeReplyTimes(db, NOW)).toEqual({ changed: 1, pagesMarked: 1 });
    expect([...(await pageChangesSince(db, first)).keys()].sort()).toEqual(
      [`provider:${karachi}`, "city:karachi"].sort(),
    );
  });

  it("writes every provider in one pass", async () => {
    const ids = [];
    for (let i = 0; i < 12; i++)
      ids.push(await provider(`Batch ${i}`, replied(i + 1, i + 1, i + 1)));
    expect((await recomputeReplyTimes(db, NOW)).changed).toBe(12);
    const rows = await db
      .select({ replyMinutes: providers.replyMinutes })
      .from(providers)
      .where(inArray(providers.id, ids));
    expect(rows.map((r) => r.replyMinutes).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
  });
});

describe("refreshReplyTimes (the Node server's daily run)", () => {
  it("tells the server to re-read page changes only when a shown value changed", async () => {
    await provider("Daily Works", replied(60, 60, 60));
    const reasons: string[] = [];
    const lines: string[] = [];
    const deps = {
      db,
      clock: () => NOW,
      publisher: { markDirty: (reason: string) => reasons.push(reason) },
    };
    await refreshReplyTimes(deps, (line) => lines.push(line));
    expect(reasons).toEqual(["reply times recomputed"]);
    expect(lines).toEqual(["reply times recomputed: 1 providers changed, 1 pages marked"]);
    await refreshReplyTimes(deps, (line) => lines.push(line));
    expect(reasons).toHaveLength(1);
    expect(lines).toHaveLength(1);
  });
});
