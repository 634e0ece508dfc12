import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads, listingEdits, providerSuggestions } from "../../db/schema.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { SEED_CATEGORIES } from "../../db/seed/categories.ts";
import { clientAs, makeTestApp, type TestApp } from "../helpers/app.ts";

/**
 * The inboxes, My Requests, the owner's Suggested changes and the admin review
 * lists page instead of stopping at their 200 newest (decision 030): walking
 * the `Link: rel="next"` pages gives every row exactly once, in the list's
 * order, also past 200 and also when new rows arrive during the walk.
 */

type Client = Awaited<ReturnType<typeof clientAs>>;

const ROWS = 230;
const T0 = Date.parse("2026-06-01T00:00:00.000Z");

let t: TestApp;
let customer: Client;
let owner: Client;
let admin: Client;
const id = {} as Record<"customer" | "owner" | "admin" | "listing" | "other", string>;

beforeAll(async () => {
  t = await makeTestApp();
  id.customer = await createUser(t.db, { email: "buyer@paging.pk" });
  id.owner = await createUser(t.db, { email: "owner@paging.pk", role: "provider" });
  id.admin = await createUser(t.db, { email: "admin@paging.pk", role: "admin" });
  id.listing = await createProvider(t.db, {
    companyName: "Paged Works",
    city: "Lahore",
    userId: id.owner,
  });
  id.other = await createProvider(t.db, { companyName: "Other Works", city: "Lahore" });
  customer = await clientAs(t, id.customer, "10.40.0.1");
  owner = await clientAs(t, id.owner, "10.40.0.2");
  admin = await clientAs(t, id.admin, "10.40.0.3");
});
afterAll(() => t.close());

/** Follows `rel="next"` from `path`; answers every page's rows, and the headers of the first. */
async function walk<T>(c: Client, path: string, rowsOf: (body: unknown) => T[]) {
  const pages: T[][] = [];
  let next: string | null = path;
  let first: Headers | null = null;
  while (next) {
    const res = await c.get(next);
    expect(res.status, `${next}: ${res.text}`).toBe(200);
    first ??= res.res.headers;
    pages.push(rowsOf(res.body));
    const link = res.res.headers.get("Link");
    next = link ? /<([^>]+)>; rel="next"/.exec(link)![1]! : null;
    expect(pages.length).toBeLessThan(100);
  }
  return { pages, rows: pages.flat(), first: first! };
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

/** Leads with created_at T0 + i minutes, every tenth one sharing its time with the one before. */
async function insertLeads(n: number, fields: Partial<typeof leads.$inferInsert> = {}) {
  const made: { id: string; at: number }[] = [];
  for (let i = 0; i < n; i++) {
    const at = T0 + (i - (i % 10 === 9 ? 1 : 0)) * 60_000;
    const row = { id: crypto.randomUUID(), at };
    made.push(row);
    await t.db.insert(leads).values({
      id: row.id,
      providerId: id.listing,
      customerId: id.customer,
      need: `Paged request ${i}: forty steel brackets, galvanised`,
      city: "Lahore",
      needHash: row.id,
      lastMessageAt: new Date(at),
      createdAt: new Date(at),
      deliveredAt: new Date(at),
      ...fields,
    });
  }
  return made;
}

/** Newest first, ties by id descending: the lists' order. */
const newestFirst = (rows: { id: string; at: number }[]) =>
  [...rows]
    .sort((a, b) => b.at - a.at || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0))
    .map((r) => r.id);

describe("My Requests and the provider's inbox", () => {
  let visible: { id: string; at: number }[];
  let held: { id: string; at: number }[];

  beforeAll(async () => {
    visible = await insertLeads(ROWS);
    held = await insertLeads(5, { reviewState: "held" });
  });

  it("walks past 200 requests by cursor, each once, newest first", async () => {
    const { rows, pages, first } = await walk(
      customer,
      "/api/leads?limit=100",
      (b) => b as { id: string }[],
    );
    expect(pages.map((p) => p.length)).toEqual([100, 100, 35]);
    expect(first.get("X-Total-Count")).toBe(String(ROWS + 5));
    expect(first.get("X-Per-Page")).toBe("100");
    expect(ids(rows)).toEqual(newestFirst([...visible, ...held]));
  });

  it("answers 20 a page by default", async () => {
    const res = await customer.get("/api/leads");
    expect(res.body).toHaveLength(20);
    expect(res.res.headers.get("Link")).toMatch(
      /^<\/api\/leads\?cursor=\d+\.[0-9a-f-]{36}&limit=20>; rel="next"$/,
    );
  });

  it("walks the inbox by cursor (held requests never in it), with the unread count of all of it", async () => {
    const { rows, first } = await walk(owner, "/api/my-provider/leads?limit=50", (b) => {
      const inbox = b as { leads: { id: string }[]; unread: number };
      // Never opened by the provider: every lead of the inbox is unread, on every page.
      expect(inbox.unread).toBe(ROWS);
      return inbox.leads;
    });
    expect(first.get("X-Total-Count")).toBe(String(ROWS));
    expect(ids(rows)).toEqual(newestFirst(visible));
  });

  it("shows no row twice when a new request arrives during the walk", async () => {
    const firstPage = await customer.get("/api/leads?limit=100");
    const link = /<([^>]+)>/.exec(firstPage.res.headers.get("Link")!)![1]!;
    const sent = await customer.post("/api/leads", {
      providerId: id.listing,
      need: "A brand new request, sent while the list was being read",
      city: "Lahore",
    });
    expect(sent.status, sent.text).toBe(201);
    const rest = await walk(customer, link, (b) => b as { id: string }[]);
    const all = [...ids(firstPage.body as { id: string }[]), ...ids(rest.rows)];
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(newestFirst([...visible, ...held]));
    // The new one is at the top of the next walk.
    expect(ids((await customer.get("/api/leads?limit=1")).body)).toEqual([sent.body.id]);
  });

  it("refuses a cursor it did not give and a limit out of range, changing nothing", async () => {
    for (const [query, error] of [
      ["cursor=abc", "Invalid query: cursor: cursor must come from a previous page's Link header"],
      [
        "cursor=1.ZZZ",
        "Invalid query: cursor: cursor must come from a previous page's Link header",
      ],
      ["limit=0", "Invalid query: limit: limit must be a whole number from 1 to 100"],
      ["limit=101", "Invalid query: limit: limit must be a whole number from 1 to 100"],
    ]) {
      for (const path of ["/api/leads", "/api/my-provider/leads", "/api/my-provider/edits"]) {
        const res = await owner.get(`${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(res.body).toEqual({ error });
      }
    }
  });
});

describe("the admin's review lists", () => {
  it("pages the quote requests to review past 200, each once, the latest flagged first", async () => {
    const flagged = await insertLeads(ROWS, { reviewState: "held", providerId: id.other });
    const { rows, first } = await walk(
      admin,
      "/api/admin/leads?limit=100",
      (b) => b as { id: string }[],
    );
    expect(first.get("X-Total-Count")).toBe(String(ROWS + 5));
    const all = ids(rows);
    expect(new Set(all).size).toBe(all.length);
    // The held rows of the inbox test are there too: every flagged row, newest first.
    expect(all.filter((x) => flagged.some((f) => f.id === x))).toEqual(newestFirst(flagged));
    expect(all).toHaveLength(ROWS + 5);
  });

  it("pages the suggestions past 200, each once, newest first", async () => {
    const made: { id: string; at: number }[] = [];
    for (let i = 0; i < ROWS; i++) {
      const row = { id: crypto.randomUUID(), at: T0 + Math.floor(i / 2) * 1000 };
      made.push(row);
      await t.db.insert(providerSuggestions).values({
        id: row.id,
        name: `Suggested Works ${i}`,
        city: "Lahore",
        categoryIds: [SEED_CATEGORIES[0]!.id],
        contact: "0300 1234567",
        createdAt: new Date(row.at),
      });
    }
    const { rows, pages, first } = await walk(
      admin,
      "/api/admin/suggestions?status=pending&limit=100",
      (b) => b as { id: string }[],
    );
    expect(pages.map((p) => p.length)).toEqual([100, 100, 30]);
    expect(first.get("X-Total-Count")).toBe(String(ROWS));
    // Newest first, ties by id ascending.
    const expected = [...made]
      .sort((a, b) => b.at - a.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((r) => r.id);
    expect(ids(rows)).toEqual(expected);
    // 20 a page unless asked.
    expect((await admin.get("/api/admin/suggestions")).body).toHaveLength(20);
  });
});

describe("the owner's Suggested changes", () => {
  it("gives every pending proposal first, then walks the decided ones past 200, each once", async () => {
    const fields = ["phone", "email", "website"] as const;
    const pending: string[] = [];
    for (const [i, field] of fields.entries()) {
      const row = crypto.randomUUID();
      pending.push(row);
      await t.db.insert(listingEdits).values({
        id: row,
        providerId: id.listing,
        userId: id.customer,
        field,
        value: field === "phone" ? "+923001234567" : `x${i}@paging.pk`,
        createdAt: new Date(T0 + i * 1000),
      });
    }
    const decided: { id: string; at: number }[] = [];
    for (let i = 0; i < ROWS; i++) {
      const row = { id: crypto.randomUUID(), at: T0 + Math.floor(i / 3) * 60_000 };
      decided.push(row);
      await t.db.insert(listingEdits).values({
        id: row.id,
        providerId: id.listing,
        userId: id.customer,
        field: "website",
        value: `https://site${i}.paging.pk`,
        status: i % 2 ? "accepted" : "rejected",
        decidedAt: new Date(row.at),
        createdAt: new Date(T0),
      });
    }
    const { rows, pages, first } = await walk(owner, "/api/my-provider/edits", (b) => {
      return (b as { items: { id: string; status: string }[] }).items;
    });
    expect(first.get("X-Total-Count")).toBe(String(ROWS + 3));
    expect(pages[0]).toHaveLength(3 + 20);
    expect(ids(rows.slice(0, 3))).toEqual(pending);
    expect(ids(rows.slice(3))).toEqual(newestFirst(decided));
    expect(first.get("Cache-Control")).toBe("private, no-store");
  });
});
