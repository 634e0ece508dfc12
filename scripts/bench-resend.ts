/**
 * How long `POST /api/auth/resend-confirmation` takes for an unknown, a
 * confirmed and a pending address (decision 028): the three should not be
 * told apart by their time. Through the real app over a libSQL file, with a
 * mail API that takes MAIL_MS to answer (an HTTP round trip to the provider);
 * requests of the three kinds are interleaved so load on the machine falls on
 * all of them alike. Not part of the tests: timings on a shared machine are noisy.
 *
 *   node scripts/bench-resend.ts [rounds]      (default 60 of each kind)
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDb, openDb } from "../db/client.ts";
import { createUser } from "../db/seed/factories.ts";
import { createApp } from "../functions/app.ts";
import { mailQueue } from "../functions/lib/queued-mailer.ts";
import { astroPageRenderer } from "../functions/pages/renderer.ts";

const ROUNDS = Number(process.argv[2] ?? 60);
const MAIL_MS = 40;
const SITE = "http://127.0.0.1:4321";

const dir = await mkdtemp(join(tmpdir(), "karkhana-bench-resend-"));
const db = await openDb({ url: `file:${join(dir, "bench.db")}` });
try {
  await migrateDb(db);
  const run = Date.now().toString(36);
  const emails: Record<"unknown" | "confirmed" | "pending", string[]> = {
    unknown: [],
    confirmed: [],
    pending: [],
  };
  // The per-email throttle allows 3 an hour: one address per request.
  for (let i = 0; i < ROUNDS; i++) {
    emails.unknown.push(`nobody-${run}-${i}@example.pk`);
    for (const kind of ["confirmed", "pending"] as const) {
      const email = `${kind}-${run}-${i}@example.pk`;
      await createUser(db, { email, confirmed: kind === "confirmed" });
      emails[kind].push(email);
    }
  }
  let sent = 0;
  const mailer = mailQueue({
    db,
    transport: {
      send: () =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            sent++;
            resolve();
          }, MAIL_MS),
        ),
    },
    logEvent: () => {},
  });
  let ipSeq = 0;
  const app = createApp({
    db,
    blobs: null as never,
    assets: { fetch: async () => null },
    publisher: { markDirty: () => {} },
    mailer,
    config: { siteUrl: SITE },
    clock: () => new Date(),
    clientIp: () => `10.${(ipSeq >> 8) & 255}.${ipSeq & 255}.1`,
    logEvent: () => {},
    pages: astroPageRenderer(() => {
      throw new Error("no pages here");
    }, null),
  });

  const times: Record<keyof typeof emails, number[]> = { unknown: [], confirmed: [], pending: [] };
  const kinds = Object.keys(emails) as (keyof typeof emails)[];
  for (let i = 0; i < ROUNDS; i++) {
    // A different order each round, so none of the kinds always runs first.
    const order = kinds.map((_, j) => kinds[(i + j) % kinds.length]!);
    for (const kind of order) {
      ipSeq++;
      const t0 = performance.now();
      const res = await app.request("/api/auth/resend-confirmation", {
        method: "POST",
        headers: { Origin: SITE, "Content-Type": "application/json" },
        body: JSON.stringify({ email: emails[kind][i] }),
      });
      await res.text();
      times[kind].push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`${kind}: ${res.status}`);
    }
  }
  // The pending ones' mails go out after their answers.
  await new Promise((r) => setTimeout(r, MAIL_MS * 3));

  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
  };
  console.log(
    `resend-confirmation, ${ROUNDS} requests of each kind, mail API answering in ${MAIL_MS} ms:`,
  );
  for (const kind of kinds) {
    const xs = times[kind];
    console.log(
      `  ${kind.padEnd(9)}  p50 ${pct(xs, 50).toFixed(2)} ms  p90 ${pct(xs, 90).toFixed(2)} ms  max ${Math.max(...xs).toFixed(2)} ms`,
    );
  }
  console.log(`  mails sent after the answers: ${sent} (expected ${ROUNDS})`);
} finally {
  db.$client.close();
  await rm(dir, { recursive: true, force: true });
}
