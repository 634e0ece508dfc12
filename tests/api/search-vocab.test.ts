import { readFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDb, MIGRATIONS_FOLDER, type Db } from "../../db/client.ts";
import { openRemoteDb } from "../../db/remote.ts";
import { rebuildSearchIndex, reindexProvider } from "../../db/queries/search-index.ts";
import {
  deletesOf,
  editLimit,
  isVocabTerm,
  osaDistance,
  termDeletes,
  termsOf,
  typoCandidates,
  VOCAB_FILL_SQL,
} from "../../db/queries/search-vocab.ts";
import { providers } from "../../db/schema.ts";
import { SEED_CATEGORIES } from "../../db/seed/categories.ts";
import { generateProviders } from "../../db/seed/demo.ts";
import { createProvider } from "../../db/seed/factories.ts";
import { seedCategories } from "../../db/seed/index.ts";
import { startHranaServer } from "../fixtures/hrana-server.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

const [CAT] = SEED_CATEGORIES;

describe("osaDistance", () => {
  it.each([
    ["welding", "welding", 0],
    ["weding", "welding", 1], // insert
    ["wellding", "welding", 1], // delete
    ["welting", "welding", 1], // substitute
    ["wleding", "welding", 1], // swap of neighbours
    ["embroidry", "embroidery", 1],
    ["imbroidry", "embroidery", 2], // substitute + insert
    ["srugicl", "surgical", 2], // swap + insert
    ["ca", "abc", 3], // OSA edits no character twice (true Damerau: 2)
    ["", "steel", 5],
    ["steel", "", 5],
  ])("%s → %s is %i", (a, b, d) => {
    expect(osaDistance(a, b)).toBe(d);
    expect(osaDistance(b, a)).toBe(d);
  });
});

describe("deletes", () => {
  it.each([
    ["weld", 1, 5], // itself + 4
    ["steel", 1, 5], // itself + steel without s, t, e, l (both e's give "stel")
    ["welding", 2, 1 + 7 + 21], // distinct letters: 1 + n + n(n-1)/2
    ["embroidery", 2, 1 + 10 + 45], // its repeated letters are not neighbours
  ])("%s up to %i deletion(s): %i strings", (word, k, n) => {
    const dels = deletesOf(word, k);
    expect(dels).toHaveLength(n);
    expect(dels[0]).toBe(word);
    expect(new Set(dels).size).toBe(n);
  });

  it.each([
    ["abc", 0], // too short to be a candidate
    ["weld", 5], // 4-6 letters: one deletion
    ["lahore", 7],
    ["karachi", 1 + 7 + 20], // 7 or more: two ("kachi" twice)
    ["c" + "0123456789abcdef".repeat(2), 0], // a category key: too long
    ["2024", 0], // no letter
    ["کراچی", 0], // not a-z
  ])("a vocabulary term %s stores %i rows", (term, n) => {
    expect(termDeletes(term)).toHaveLength(n);
  });

  it.each([
    ["weld", 0],
    ["stell", 1],
    ["surgicl", 1],
    ["wleldings", 2],
    ["manufacterers", 2],
  ])("a search word %s may be %i edit(s) away", (word, k) => {
    expect(editLimit(word)).toBe(k);
  });
});

describe("termsOf", () => {
  it("folds and splits like the index", () => {
    expect(termsOf("Café WELDING—Works, Lahore; naïve Ñandu 3D-printing café")).toEqual([
      "cafe",
      "welding",
      "works",
      "lahore",
      "naive",
      "nandu",
      "3d",
      "printing",
    ]);
    expect(["welding", "3d", "co2laser", "a1b2"].map(isVocabTerm)).toEqual([
      true,
      false,
      true,
      true,
    ]);
  });
});

describe("typoCandidates", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
    const provider = (companyName: string, description: string) =>
      createProvider(t.db, { companyName, city: "Lahore", description });
    await provider("Wasim Welding Works", "Welding and surgical instruments, embroidery");
    await provider("Sialkot Surgical", "Surgical instruments");
    await provider("Fabricator One", "A fabricator");
    await provider("Fabricator Two", "A fabricator");
    await provider("Fabricator Three", "A fabricator of fabrication and steel");
    for (const n of ["One", "Two", "Three", "Four", "Five"]) {
      await provider(`Fabricate ${n}`, "We fabricate");
    }
  });
  afterAll(() => t.close());

  it("corrects one edit in words of 5 to 8 letters", async () => {
    const found = await typoCandidates(t.db, ["wleding", "surgicl", "Stell"]);
    expect(found.get("wleding")).toEqual([{ term: "welding", distance: 1, docs: 1 }]);
    expect(found.get("surgicl")).toEqual([{ term: "surgical", distance: 1, docs: 2 }]);
    expect(found.get("Stell")).toEqual([{ term: "steel", distance: 1, docs: 1 }]);
  });

  it("corrects up to two edits in words of 9 or more", async () => {
    const found = await typoCandidates(t.db, ["embroidry", "imbroidry"]);
    expect(found.get("embroidry")).toEqual([{ term: "embroidery", distance: 1, docs: 1 }]);
    expect(found.get("imbroidry")).toEqual([{ term: "embroidery", distance: 2, docs: 1 }]);
    // Two edits in a 7-letter word are too many.
    expect((await typoCandidates(t.db, ["srugicl"])).get("srugicl")).toEqual([]);
  });

  it("orders by distance, then by how many providers have the term", async () => {
    const found = await typoCandidates(t.db, ["fabricaton"]);
    expect(found.get("fabricaton")).toEqual([
      { term: "fabricator", distance: 1, docs: 3 },
      { term: "fabrication", distance: 1, docs: 1 },
      { term: "fabricate", distance: 2, docs: 5 },
    ]);
  });

  it("gives nothing for short words, the word itself or terms it begins", async () => {
    const found = await typoCandidates(t.db, ["weld", "wled", "welding", "weldin", "lahor", ""]);
    expect([...found.values()]).toEqual([[], [], [], [], [], []]);
    expect([...found.keys()]).toEqual(["weld", "wled", "welding", "weldin", "lahor", ""]);
  });

  it("sees a provider created in a transaction at once, inside it and after it", async () => {
    let inside: unknown;
    await t.db.transaction(async (tx) => {
      await tx.insert(providers).values({
        id: "6f1d2c3b-0000-4000-8000-000000000001",
        companyName: "Quetta Quilting House",
        slug: "quetta-quilting-house",
        description: "",
        location: "Quetta",
      });
      await reindexProvider(tx, "6f1d2c3b-0000-4000-8000-000000000001");
      inside = (await typoCandidates(tx, ["quiltimg"])).get("quiltimg");
    });
    expect(inside).toEqual([{ term: "quilting", distance: 1, docs: 1 }]);
    expect((await typoCandidates(t.db, ["quiltimg"])).get("quiltimg")).toEqual(inside);
  });

  it("takes nothing from a write that rolled back", async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(providers).values({
          id: "6f1d2c3b-0000-4000-8000-000000000002",
          companyName: "Xerographic Prints",
          slug: "xerographic-prints",
          description: "",
          location: "Karachi",
        });
        await reindexProvider(tx, "6f1d2c3b-0000-4000-8000-000000000002");
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await typoCandidates(t.db, ["xerografic"])).get("xerografic")).toEqual([]);
    expect(await t.db.all(sql`SELECT term FROM search_terms WHERE term = 'xerographic'`)).toEqual(
      [],
    );
  });

  it("follows a rename in the very next call; the old word matches nothing", async () => {
    const id = await createProvider(t.db, { companyName: "Karachi Tanning Co", city: "Karachi" });
    expect((await typoCandidates(t.db, ["tannimg"])).get("tannimg")).toHaveLength(1);
    await t.db.transaction(async (tx) => {
      await tx
        .update(providers)
        .set({ companyName: "Karachi Lacquer Co" })
        .where(eq(providers.id, id));
      await reindexProvider(tx, id);
    });
    const found = await typoCandidates(t.db, ["lacquor", "tannimg"]);
    expect(found.get("lacquor")).toEqual([{ term: "lacquer", distance: 1, docs: 1 }]);
    // "tanning" stays in the vocabulary, but no provider has it any more.
    expect(found.get("tannimg")).toEqual([]);
    expect(await t.db.all(sql`SELECT term FROM search_terms WHERE term = 'tanning'`)).toHaveLength(
      1,
    );
  });
});

async function vocabulary(db: Db) {
  return {
    terms: await db.all<{ term: string }>(sql`SELECT term FROM search_terms ORDER BY term`),
    deletes: await db.all<{ del: string; term: string }>(
      sql`SELECT del, term FROM search_term_deletes ORDER BY del, term`,
    ),
  };
}

describe("the vocabulary rebuilt, backfilled and written one provider at a time", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
    for (const p of generateProviders(60, 7)) {
      await createProvider(t.db, {
        companyName: p.companyName,
        city: p.city,
        address: p.address,
        description: p.description,
        isActive: p.isActive,
        services: p.services.map(({ categoryId, name, pricePkr, description }) => ({
          categoryId,
          name,
          pricePkr,
          description,
        })),
      });
    }
    await createProvider(t.db, {
      companyName: "Crème Brûlée Façade Ñandú Øre Straße",
      city: "Multan",
      description: "Ünïcödé naïveté — کراچی ٹیکسٹائل 2024 PKR 1,500 co2laser",
      services: [{ categoryId: CAT!.id, name: "Café Fitting", pricePkr: 100 }],
    });
  });
  afterAll(() => t.close());

  it("rebuildSearchIndex gives the vocabulary incremental indexing built", async () => {
    const incremental = await vocabulary(t.db);
    expect(incremental.terms.length).toBeGreaterThan(100);
    expect(incremental.terms).toContainEqual({ term: "facade" });
    expect(incremental.terms).not.toContainEqual({ term: "2024" });
    await rebuildSearchIndex(t.db);
    expect(await vocabulary(t.db)).toEqual(incremental);
  });

  it("migration 0010 backfills a database that already has providers", async () => {
    const expected = await vocabulary(t.db);
    await t.db.run(sql`DROP TABLE search_term_deletes`);
    await t.db.run(sql`DROP TABLE search_terms`);
    await t.db.run(sql`DROP TABLE provider_search_vocab`);
    // Back to the state before 0010, then its file run as the migrator runs it: later
    // migrations stay (undoing each of them here would grow with every new one).
    const file = await readFile(join(MIGRATIONS_FOLDER, "0010_search_terms.sql"), "utf8");
    for (const statement of file.split("--> statement-breakpoint")) {
      if (statement.replace(/^--.*$/gm, "").trim()) await t.db.run(sql.raw(statement));
    }
    expect(await vocabulary(t.db)).toEqual(expected);
  });

  it("the migration's backfill is the rebuild's SQL", async () => {
    const file = await readFile(join(MIGRATIONS_FOLDER, "0010_search_terms.sql"), "utf8");
    const statements = file
      .split("--> statement-breakpoint")
      .map((s) => s.replace(/^--.*$/gm, "").replace(/;\s*$/, ""))
      .map((s) => s.replace(/\s+/g, " ").trim());
    for (const fill of VOCAB_FILL_SQL) {
      expect(statements).toContain(fill.replace(/\s+/g, " ").trim());
    }
  });
});

describe("over HTTP (the Worker's Turso client)", () => {
  let dir: string;
  let close: () => Promise<void>;
  let db: Db;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "karkhana-vocab-"));
    const server = await startHranaServer({ file: join(dir, "remote.db"), token: "t" });
    close = () => server.close();
    db = openRemoteDb({ url: server.url, authToken: "t" });
    await migrateDb(db);
    await seedCategories(db);
  });
  afterAll(async () => {
    db.$client.close();
    await close();
    await rm(dir, { recursive: true, force: true });
  });

  it("a provider written in a transaction is a candidate in the next call", async () => {
    await createProvider(db, { companyName: "Gujranwala Cutlery Makers", city: "Gujranwala" });
    const found = await typoCandidates(db, ["cutlrey", "gujranwla"]);
    expect(found.get("cutlrey")).toEqual([{ term: "cutlery", distance: 1, docs: 1 }]);
    expect(found.get("gujranwla")).toEqual([{ term: "gujranwala", distance: 1, docs: 1 }]);
  });
});
