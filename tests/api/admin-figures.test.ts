import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAdminStats, GROWTH_WINDOW_MS } from "../../db/queries/admin.ts";
import { providers } from "../../db/schema.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { createSession } from "../../functions/auth/session.ts";
import { client, makeTestApp, type TestApp } from "../helpers/app.ts";

/**
 * The stats row's provider figures (decision 024): growth of new active
 * providers over two 30-day windows ending at a pinned `now`, and the active
 * providers counted apart from the inactive ones.
 */

const NOW = new Date("2031-06-15T09:30:00Z");
const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

let made = 0;
async function providerAt(createdAt: Date, isActive = true): Promise<string> {
  const id = await createProvider(t.db, { companyName: `Figures ${++made}`, isActive });
  await t.db.update(providers).set({ createdAt }).where(eq(providers.id, id));
  return id;
}

describe("the admin provider figures", () => {
  it("gives a dash while the earlier 30 days have no new active provider", async () => {
    // Only inactive ones there, and one in the last 30 days.
    await providerAt(ago(45 * DAY), false);
    await providerAt(ago(31 * DAY), false);
    await providerAt(ago(2 * DAY));
    expect(await getAdminStats(t.db, NOW)).toMatchObject({
      monthlyGrowth: null,
      newProvidersLast30Days: 1,
      newProvidersPrevious30Days: 0,
      totalProviders: 3,
      activeProviders: 1,
      inactiveProviders: 2,
    });
  });

  it("compares new active providers in the last 30 days with the 30 days before", async () => {
    // The earlier window, (now − 60 d, now − 30 d]: 4 active (both edges inside), 1 inactive.
    await providerAt(ago(2 * GROWTH_WINDOW_MS - 1));
    await providerAt(ago(50 * DAY));
    await providerAt(ago(40 * DAY));
    await providerAt(ago(GROWTH_WINDOW_MS));
    await providerAt(ago(35 * DAY), false);
    // The last window, (now − 30 d, now]: with the one above, 5 active (both edges inside), 2 inactive.
    await providerAt(ago(GROWTH_WINDOW_MS - 1));
    await providerAt(ago(20 * DAY));
    await providerAt(ago(10 * DAY));
    await providerAt(NOW);
    await providerAt(ago(5 * DAY), false);
    await providerAt(ago(1 * DAY), false);
    // Outside both: older than 60 days, and after `now`.
    await providerAt(ago(2 * GROWTH_WINDOW_MS));
    await providerAt(ago(400 * DAY));
    await providerAt(new Date(NOW.getTime() + 1));
    await providerAt(ago(90 * DAY), false);

    const stats = await getAdminStats(t.db, NOW);
    expect(stats).toMatchObject({
      newProvidersLast30Days: 5,
      newProvidersPrevious30Days: 4,
      monthlyGrowth: 25,
      // 3 from the first test and 15 here; 2 + 4 of them inactive.
      totalProviders: 18,
      activeProviders: 12,
      inactiveProviders: 6,
    });
    expect(stats.activeProviders + stats.inactiveProviders).toBe(stats.totalProviders);

    // A deactivated provider leaves the window it was created in.
    const [last] = await t.db
      .select({ id: providers.id })
      .from(providers)
      .where(eq(providers.createdAt, ago(10 * DAY)));
    await t.db.update(providers).set({ isActive: false }).where(eq(providers.id, last!.id));
    expect(await getAdminStats(t.db, NOW)).toMatchObject({
      newProvidersLast30Days: 4,
      newProvidersPrevious30Days: 4,
      monthlyGrowth: 0,
      activeProviders: 11,
      inactiveProviders: 7,
    });
  });

  it("answers from GET /api/admin/stats with the windows ending at the server's clock", async () => {
    const adminId = await createUser(t.db, { email: "figures-admin@example.pk", role: "admin" });
    // An hour on, so the milliseconds the request takes move no provider across an edge:
    // the windows lose ago(2 × 30 d − 1 ms), and ago(30 d − 1 ms) moves to the earlier one.
    const later = new Date(NOW.getTime() + 60 * 60 * 1000);
    t.clockOffset.ms = later.getTime() - Date.now();
    try {
      const c = client(t);
      const { token } = await createSession(t.db, adminId, later);
      c.cookie = `karkhana_session=${token}; karkhana_signed_in=1`;
      const res = await c.get("/api/admin/stats");
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        totalProviders: 18,
        activeProviders: 11,
        inactiveProviders: 7,
        monthlyGrowth: 0,
        newProvidersLast30Days: 4,
        newProvidersPrevious30Days: 4,
      });
    } finally {
      t.clockOffset.ms = 0;
    }
  });
});
