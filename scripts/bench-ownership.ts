/**
 * Claims and suggested edits at scale (decision 025) — part of `npm run bench`,
 * also runs alone. With 100,000 providers by default and CLAIMS claims and EDITS
 * proposals spread over them, it times what the new screens ask the database:
 * the claim page, the admin Claims and Edits tabs (first and deepest page), an
 * owner's 'Suggested changes', a closed listing's 410 page in the busiest city
 * (the one anonymous request here, held to the 100 ms budget of decision 010),
 * and the two write transactions: a claim won, a phone edit proposed and accepted.
 *
 *   node scripts/bench-ownership.ts [providers]      seeds into .bench/ownership/, removed after
 *   BENCH_DATA_DIR=/tmp/k100k node scripts/bench-ownership.ts   reuses a seeded database
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  awardClaim,
  claimTarget,
  createEvidenceClaim,
  listAdminClaims,
} from "../db/queries/claims.ts";
import { createEdits, decideEdit, listAdminEdits, listOwnerEdits } from "../db/queries/edits.ts";
import { loadGoneListing } from "../db/queries/page-data.ts";
import { createUser } from "../db/seed/factories.ts";
import { findCity } from "../src/lib/cities.ts";
import { cpuTimer, runAlone } from "./bench-worst-case.ts";

/** Claims and proposals spread over the providers: 20,000 each, fewer on a small database. */
const SHARE = 20_000;
const PAGE = 20;
const BUDGET_MS = 100;

export async function benchOwnership(db: Db): Promise<boolean> {
  const now = new Date();
  const [{ n } = { n: 0 }] = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM providers WHERE is_active = 1`,
  );
  const CLAIMS = Math.min(SHARE, Math.floor(n / 5));
  const EDITS = CLAIMS;
  // Requesters and proposers: a few hundred accounts share the rows.
  const people: string[] = [];
  for (let i = 0; i < 200; i++) {
    people.push(await createUser(db, { email: `bench-owner-${i}-${now.getTime()}@example.pk` }));
  }
  const listed = await db.all<{ id: string }>(
    sql`SELECT id FROM providers WHERE is_active = 1 ORDER BY id LIMIT ${CLAIMS + EDITS + 200}`,
  );
  const ids = listed.map((r) => r.id);
  const at = (i: number) => now.getTime() - i * 1000;
  await db.transaction(async (tx) => {
    for (let i = 0; i < CLAIMS; i++) {
      const status = i % 4 === 0 ? "pending" : i % 4 === 1 ? "rejected" : "superseded";
      await tx.run(sql`INSERT INTO listing_claims
        (id, provider_id, user_id, method, status, phone, note, created_at, updated_at, decided_at)
        VALUES (${crypto.randomUUID()}, ${ids[i]!}, ${people[i % people.length]!}, 'evidence',
                ${status}, '+923001234567', 'Our shop board and NTN', ${at(i)}, ${at(i)},
                ${status === "pending" ? null : at(i)})`);
    }
    for (let i = 0; i < EDITS; i++) {
      const status = i % 3 === 0 ? "pending" : i % 3 === 1 ? "accepted" : "rejected";
      await tx.run(sql`INSERT INTO listing_edits
        (id, provider_id, user_id, field, value, note, status, created_at, updated_at, decided_at)
        VALUES (${crypto.randomUUID()}, ${ids[CLAIMS + i]!}, ${people[i % people.length]!},
                'phone', '"+923211234567"', 'Called them', ${status}, ${at(i)}, ${at(i)},
                ${status === "pending" ? null : at(i)})`);
    }
  });

  // A closed listing in the busiest city, in its most common category: the widest 410 page.
  const [busy] = await db.all<{ id: string; city: string }>(
    sql`SELECT p.id AS id, p.city AS city FROM providers p
        JOIN services s ON s.provider_id = p.id
        WHERE p.is_active = 1 AND p.city = (
          SELECT city FROM providers WHERE is_active = 1 AND city IS NOT NULL
          GROUP BY city ORDER BY count(*) DESC LIMIT 1)
        GROUP BY p.id ORDER BY count(DISTINCT s.category_id) DESC LIMIT 1`,
  );
  if (!busy) throw new Error("the database has no providers: seed it first");
  await db.run(
    sql`UPDATE providers SET is_active = 0, closed_at = ${now.getTime()} WHERE id = ${busy.id}`,
  );
  // One listing with proposals for its owner's list, another for the write (no pending phone).
  const owned = ids[CLAIMS]!;
  await db.run(sql`UPDATE providers SET user_id = ${people[0]!} WHERE id = ${owned}`);
  const edited = ids.at(-1)!;
  await db.run(sql`UPDATE providers SET user_id = ${people[3]!} WHERE id = ${edited}`);

  console.log(
    `\nClaims and edits at ${n.toLocaleString("en-US")} active providers, ` +
      `${CLAIMS.toLocaleString("en-US")} claims and ${EDITS.toLocaleString("en-US")} proposals; ` +
      `budget ${BUDGET_MS} ms for the anonymous 410 page`,
  );
  const anonymous = cpuTimer(BUDGET_MS);
  await anonymous.row(`410 page of a closed listing in ${busy.city} (similar providers)`, () =>
    loadGoneListing(db, busy.id),
  );
  const signedIn = cpuTimer(null);
  await signedIn.row("GET /api/claims/listing/:id (the claim page)", () =>
    claimTarget(db, ids[1]!, people[1]!, now),
  );
  const claimsPending = Math.ceil(CLAIMS / 4 / PAGE);
  await signedIn.row("admin Claims, pending, first page", () =>
    listAdminClaims(db, { status: "pending", page: 1, limit: PAGE }, now),
  );
  await signedIn.row(`admin Claims, pending, deepest page (${claimsPending})`, () =>
    listAdminClaims(db, { status: "pending", page: claimsPending, limit: PAGE }, now),
  );
  const editsPending = Math.ceil(EDITS / 3 / PAGE);
  await signedIn.row("admin Edits, pending, first page", () =>
    listAdminEdits(db, { status: "pending", page: 1, limit: PAGE }),
  );
  await signedIn.row(`admin Edits, pending, deepest page (${editsPending})`, () =>
    listAdminEdits(db, { status: "pending", page: editsPending, limit: PAGE }),
  );
  await signedIn.row("owner's 'Suggested changes'", () =>
    listOwnerEdits(db, owned, { cursor: null, limit: 20 }),
  );

  // Writes: each run claims a fresh listing with a fresh account, and proposes and accepts
  // a fresh phone number on the owned listing.
  let next = CLAIMS + EDITS;
  let phone = 1_000_000;
  await signedIn.row("a claim won (evidence approved): one transaction", async () => {
    const providerId = ids[next++]!;
    const userId = await createUser(db, { email: `bench-claimer-${next}-${now.getTime()}@x.pk` });
    const id = await createEvidenceClaim(db, {
      providerId,
      userId,
      phone: "+923001234567",
      note: "",
      photoUrl: null,
      now,
    });
    const won = await awardClaim(db, id, { actorId: people[1]!, action: "claim.approve", now });
    if (won.kind !== "ok") throw new Error(`claim not won: ${won.kind}`);
  });
  await signedIn.row("a phone edit proposed and accepted by the owner", async () => {
    const made = await createEdits(
      db,
      {
        providerId: edited,
        proposals: [{ field: "phone", value: `+92300${phone++}`, note: "" }],
      },
      people[2]!,
      findCity,
      now,
    );
    if (made.kind !== "ok") throw new Error(`not proposed: ${made.message}`);
    const decided = await decideEdit(
      db,
      made.ids[0]!,
      { accept: true },
      { id: people[3]!, as: "owner" },
      now,
    );
    if (decided.kind === "error") throw new Error(`not accepted: ${decided.message}`);
  });
  return !anonymous.over();
}

if (import.meta.main) await runAlone("ownership", benchOwnership);
