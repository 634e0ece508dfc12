/**
 * Crash safety of the Node server: the real entry (functions/node.ts) is
 * killed with SIGKILL at random moments of a storm of concurrent writes
 * (favorites added and removed, profile edits, new services, suggestions,
 * sign-ups), restarted, and after every kill the database file must be whole
 * and hold every write that was answered 2xx.
 *
 * Why a 2xx survives kill -9: the Node connection (db/client.ts) runs the
 * file in WAL mode with libSQL's default synchronous = FULL (both asserted
 * below). A handler answers only after its COMMIT returned, and by then the
 * commit's WAL frames have been written to the file with write(2): they sit in
 * the kernel's page cache, which outlives the process, so the next open
 * replays them. A process kill therefore loses nothing committed whatever
 * `synchronous` says; that setting only decides power loss. With FULL the WAL
 * is also fsynced at every commit, so a 2xx is durable even across a power
 * cut (NORMAL would lose the last commits then, never on a kill). This test
 * covers the process dying, not the machine.
 *
 * A write whose connection was cut may or may not be there, but never half:
 * a new service and the provider's search row are one transaction, so the
 * search row of every provider must equal the one its rows derive (checked by
 * re-deriving it inside a transaction that is rolled back), and the file must
 * pass SQLite's, FTS5's and the foreign-key checks.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { request as httpRequest } from "node:http";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDb, openDb, type Db } from "../../db/client.ts";
import { reindexProvider } from "../../db/queries/search-index.ts";
import { getInstanceId } from "../../db/queries/site-meta.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { seedCategories, seedProviders } from "../../db/seed/index.ts";
import { SEED_CATEGORIES } from "../../db/seed/categories.ts";
import { createSession } from "../../functions/auth/session.ts";
import type { BuildInfo } from "../../functions/node/publish.ts";
import { rngFrom } from "../../scripts/search-workload.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SEED = 20261125;
const ROUNDS = 5;
const CALLERS = 8;
/**
 * When, after the storm starts, each round's kill lands (ms). Eight callers
 * keep eight writes in flight from the first moment, so every kill cuts some
 * off; the window is long enough that a busy two-core machine (a write then
 * takes a few hundred ms end to end) still acknowledges dozens per round.
 */
const KILL_MIN_MS = 200;
const KILL_MAX_MS = 2500;

const rng = rngFrom(SEED);
const between = (lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));

let dir: string;
let dataDir: string;
let port: number;
let origin: string;
let server: ChildProcess | null = null;
let serverLog = "";

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port: p } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return p;
}

const dbUrl = () => `file:${join(dataDir, "karkhana.db")}`;

/**
 * A site the server takes as current (this database, this origin, a data
 * version no write reaches), so it starts without building one; the API is
 * what is under test. Its "Astro App" renders a stub page.
 */
async function writeStubSite(db: Db): Promise<string> {
  const siteDir = join(dir, "site");
  await mkdir(join(siteDir, "client"), { recursive: true });
  await mkdir(join(siteDir, "server"), { recursive: true });
  const info: BuildInfo = {
    instanceId: await getInstanceId(db),
    dataVersion: Number.MAX_SAFE_INTEGER,
    siteUrl: origin,
    builtAt: new Date().toISOString(),
    pages: 1,
    seconds: 0,
  };
  await writeFile(join(siteDir, "client", "build-info.json"), JSON.stringify(info));
  await writeFile(join(siteDir, "client", "index.html"), "<!doctype html><title>stub</title>");
  await writeFile(
    join(siteDir, "server", "entry.mjs"),
    `export const app = {
  manifest: { routes: [] },
  match: () => undefined,
  render: async () => new Response("<!doctype html><title>stub</title>", { headers: { "Content-Type": "text/html" } }),
};\n`,
  );
  return siteDir;
}

async function startServer(siteDir: string): Promise<void> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const k of ["DATABASE_URL", "DATABASE_AUTH_TOKEN", "MAIL_API_URL", "MAIL_API_KEY"])
    delete env[k];
  const child = spawn(process.execPath, ["functions/node.ts"], {
    cwd: ROOT,
    env: {
      ...env,
      DATA_DIR: dataDir,
      SITE_DIR: siteDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_SITE_URL: origin,
      // Each request names its own client address, so the per-IP throttles never bite.
      TRUST_PROXY: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server = child;
  const exited = new Promise<never>((_, fail) =>
    child.once("exit", (code, signal) =>
      fail(new Error(`server exited (${code ?? signal}) before serving:\n${serverLog}`)),
    ),
  );
  const serving = new Promise<void>((ok) => {
    const onData = (d: Buffer) => {
      serverLog = (serverLog + d.toString()).slice(-20_000);
      if (/\[karkhana\] serving /.test(serverLog)) ok();
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
  });
  await Promise.race([serving, exited]);
  serverLog = "";
}

async function killServer(): Promise<void> {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((r) => child.once("exit", () => r()));
  child.kill("SIGKILL");
  await gone;
}

interface Answer {
  status: number;
  body: unknown;
}

/**
 * One request on its own connection (no keep-alive, so no client library
 * resends anything on a reused socket). null: no answer, the connection died.
 */
function send(
  method: string,
  path: string,
  opts: { body?: unknown; cookie?: string; ip: string },
): Promise<Answer | null> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        agent: false,
        headers: {
          Origin: origin,
          "X-Forwarded-For": opts.ip,
          ...(payload ? { "Content-Type": "application/json" } : {}),
          ...(opts.cookie ? { Cookie: `karkhana_session=${opts.cookie}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", () => resolve(null));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON: kept as text for the failure message.
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
        // A response cut mid-body ends with "aborted", not "end".
        res.on("aborted", () => resolve(null));
      },
    );
    req.on("error", () => resolve(null));
    req.setTimeout(30_000, () => req.destroy());
    req.end(payload);
  });
}

const ok = (a: Answer) => a.status >= 200 && a.status < 300;

/**
 * A value that later writes overwrite (a favorite on or off, a profile's
 * fields): what the last 2xx set, plus what unanswered writes since then may
 * have set. After a kill the database must hold one of those; that value then
 * becomes the known one.
 */
class Register<T> {
  known: T;
  maybe: T[] = [];
  constructor(initial: T) {
    this.known = initial;
  }
  answered(v: T) {
    this.known = v;
    this.maybe = [];
  }
  lost(v: T) {
    this.maybe.push(v);
  }
  allowed(): T[] {
    return [this.known, ...this.maybe];
  }
}

interface Created {
  kind: "service" | "suggestion" | "signup";
  /** The unique name (service, suggestion) or email (sign-up) it was sent with. */
  key: string;
  outcome: "answered" | "refused" | "lost";
  id?: string;
  providerId?: string;
  pricePkr?: number;
}

interface Caller {
  ip: number;
  customerId: string;
  customerToken: string;
  /** Providers this caller alone edits, each with its owner's session. */
  owned: { providerId: string; token: string }[];
  /** Providers this caller's customer favorites (the pair is this caller's alone). */
  favoriteTargets: string[];
}

const favorites = new Map<string, Register<boolean>>();
const profiles = new Map<string, Register<{ companyName: string; description: string }>>();
const created: Created[] = [];
const figures = { kills: 0, sent: 0, answered2xx: 0, lost: 0, refused: 0, verified: 0 };
const refusals: string[] = [];
let providerIds: string[] = [];
const callers: Caller[] = [];
let categoryId: string;
let siteDir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "karkhana-crash-"));
  dataDir = join(dir, "data");
  await mkdir(dataDir, { recursive: true });
  port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const db = await openDb({ url: dbUrl() });
  await migrateDb(db);
  await seedCategories(db);
  await seedProviders(db, 6);
  categoryId = SEED_CATEGORIES[0]!.id;
  const seeded = await db.all<{ id: string }>(sql`SELECT id FROM providers ORDER BY id`);
  const now = new Date();
  for (let i = 0; i < CALLERS; i++) {
    const customerId = await createUser(db, { email: `crash-customer-${i}@karkhana.example` });
    const owned: Caller["owned"] = [];
    for (const half of ["a", "b"]) {
      const ownerId = await createUser(db, {
        email: `crash-owner-${i}${half}@karkhana.example`,
        role: "provider",
      });
      const providerId = await createProvider(db, {
        userId: ownerId,
        companyName: `Crash Works ${i}${half}`,
        city: "Lahore",
        address: "Shahdara",
      });
      owned.push({ providerId, token: (await createSession(db, ownerId, now)).token });
      profiles.set(
        providerId,
        new Register({ companyName: `Crash Works ${i}${half}`, description: "" }),
      );
    }
    callers.push({
      ip: i,
      customerId,
      customerToken: (await createSession(db, customerId, now)).token,
      owned,
      favoriteTargets: [...seeded.map((r) => r.id).slice(0, 4), owned[0]!.providerId],
    });
    for (const p of callers[i]!.favoriteTargets)
      favorites.set(`${customerId}|${p}`, new Register(false));
  }
  providerIds = (await db.all<{ id: string }>(sql`SELECT id FROM providers`)).map((r) => r.id);
  siteDir = await writeStubSite(db);
  db.$client.close();
}, 60_000);

afterAll(async () => {
  await killServer();
  await rm(dir, { recursive: true, force: true });
});

/** One caller's writes, one after another, until its connection dies or the storm ends. */
async function storm(c: Caller, round: number, dead: { now: boolean }): Promise<void> {
  for (let n = 0; !dead.now; n++) {
    const ip = `10.${round}.${c.ip}.${n % 250}`;
    // Every request from its own address: the per-IP throttles answer to people, not to this.
    const tag = `r${round}c${c.ip}n${n}`;
    const roll = rng();
    figures.sent++;
    if (roll < 0.35) {
      const providerId = c.favoriteTargets[Math.floor(rng() * c.favoriteTargets.length)]!;
      const reg = favorites.get(`${c.customerId}|${providerId}`)!;
      const on = rng() < 0.6;
      const a = await send(on ? "POST" : "DELETE", `/api/favorites/${providerId}`, {
        cookie: c.customerToken,
        ip,
      });
      if (a === null) {
        reg.lost(on);
        figures.lost++;
        return;
      }
      if (!ok(a)) throw new Error(`favorite ${tag}: ${a.status} ${JSON.stringify(a.body)}`);
      reg.answered(on);
      figures.answered2xx++;
    } else if (roll < 0.55) {
      const own = c.owned[Math.floor(rng() * c.owned.length)]!;
      const value = { companyName: `Crash Works ${tag}`, description: `Edited in ${tag}` };
      const a = await send("PUT", `/api/providers/${own.providerId}`, {
        body: value,
        cookie: own.token,
        ip,
      });
      const reg = profiles.get(own.providerId)!;
      if (a === null) {
        reg.lost(value);
        figures.lost++;
        return;
      }
      if (!ok(a)) throw new Error(`profile ${tag}: ${a.status} ${JSON.stringify(a.body)}`);
      reg.answered(value);
      figures.answered2xx++;
    } else if (roll < 0.75) {
      const own = c.owned[Math.floor(rng() * c.owned.length)]!;
      const name = `Crashproof welding ${tag}`;
      const pricePkr = between(1_000, 900_000);
      const a = await send("POST", "/api/services", {
        body: { providerId: own.providerId, categoryId, name, pricePkr },
        cookie: own.token,
        ip,
      });
      if (!record("service", name, a, { providerId: own.providerId, pricePkr })) return;
    } else if (roll < 0.9) {
      const name = `Suggested ${tag}`;
      // Anonymous, as anyone may suggest: a signed-in caller would meet the per-account
      // limit (10 an hour) within a few rounds, however its addresses change.
      const a = await send("POST", "/api/suggestions/providers", {
        body: { name, city: "Multan", categoryIds: [categoryId], contact: "0300 1234567" },
        ip,
      });
      if (!record("suggestion", name, a, {})) return;
    } else {
      const email = `crash-signup-${tag}@karkhana.example`;
      const a = await send("POST", "/api/auth/signup", {
        body: {
          firstName: "Crash",
          lastName: "Signup",
          email,
          password: "Karkhana-crash-proof-77",
        },
        ip,
      });
      if (!record("signup", email, a, {})) return;
    }
  }
}

/** Files a create's outcome; false when the connection died (the caller stops). */
function record(
  kind: Created["kind"],
  key: string,
  a: Answer | null,
  extra: Pick<Created, "providerId" | "pricePkr">,
): boolean {
  if (a === null) {
    created.push({ kind, key, outcome: "lost", ...extra });
    figures.lost++;
    return false;
  }
  if (!ok(a)) {
    created.push({ kind, key, outcome: "refused", ...extra });
    figures.refused++;
    refusals.push(`${kind} ${key}: ${a.status} ${JSON.stringify(a.body)}`);
    return true;
  }
  const id = (a.body as { id?: unknown }).id;
  created.push({
    kind,
    key,
    outcome: "answered",
    ...(typeof id === "string" ? { id } : {}),
    ...extra,
  });
  figures.answered2xx++;
  return true;
}

class Rollback extends Error {}

/** Everything the file must be after a kill; resolves the registers to what survived. */
async function verify(round: number): Promise<void> {
  const db = await openDb({ url: dbUrl() });
  try {
    const q = async <T>(text: string, ...args: (string | number)[]) =>
      (await db.$client.execute({ sql: text, args })).rows as unknown as T[];

    expect(await q("PRAGMA integrity_check"), `round ${round}`).toEqual([
      expect.objectContaining({ integrity_check: "ok" }),
    ]);
    expect(await q("PRAGMA foreign_key_check"), `round ${round}`).toEqual([]);
    // FTS5's own check: the full-text index agrees with the rows it stores.
    await db.$client.execute(
      "INSERT INTO provider_search(provider_search) VALUES('integrity-check')",
    );
    expect((await q<{ journal_mode: string }>("PRAGMA journal_mode"))[0]?.journal_mode).toBe("wal");
    expect((await q<{ synchronous: number }>("PRAGMA synchronous"))[0]?.synchronous).toBe(2);

    for (const [key, reg] of favorites) {
      const [userId, providerId] = key.split("|") as [string, string];
      const rows = await q(
        "SELECT 1 FROM favorites WHERE user_id = ? AND provider_id = ?",
        userId,
        providerId,
      );
      const actual = rows.length === 1;
      expect(reg.allowed(), `favorite ${key} after round ${round}`).toContain(actual);
      reg.answered(actual);
      figures.verified++;
    }

    for (const [providerId, reg] of profiles) {
      const [row] = await q<{ company_name: string; description: string }>(
        "SELECT company_name, description FROM providers WHERE id = ?",
        providerId,
      );
      const actual = { companyName: row!.company_name, description: row!.description };
      expect(reg.allowed(), `profile ${providerId} after round ${round}`).toContainEqual(actual);
      reg.answered(actual);
      figures.verified++;
    }

    for (const w of created) {
      if (w.kind === "service") {
        const rows = await q<{ id: string; provider_id: string; price_pkr: number }>(
          "SELECT id, provider_id, price_pkr FROM services WHERE name = ?",
          w.key,
        );
        if (w.outcome === "answered") {
          expect(rows, `service ${w.key}`).toEqual([
            { id: w.id, provider_id: w.providerId, price_pkr: w.pricePkr },
          ]);
        } else if (w.outcome === "refused") expect(rows, `refused ${w.key}`).toEqual([]);
        else expect(rows.length, `lost ${w.key}`).toBeLessThanOrEqual(1);
      } else if (w.kind === "suggestion") {
        const rows = await q<{ id: string }>(
          "SELECT id FROM provider_suggestions WHERE name = ?",
          w.key,
        );
        if (w.outcome === "answered") expect(rows, `suggestion ${w.key}`).toEqual([{ id: w.id }]);
        else if (w.outcome === "refused") expect(rows, `refused ${w.key}`).toEqual([]);
        else expect(rows.length, `lost ${w.key}`).toBeLessThanOrEqual(1);
      } else {
        const users = await q<{ id: string }>("SELECT id FROM users WHERE email = ?", w.key);
        if (w.outcome === "answered") {
          expect(users, `signup ${w.key}`).toHaveLength(1);
          // The answer came after the confirmation link was made: its token is there too.
          const tokens = await q(
            "SELECT 1 FROM email_tokens WHERE user_id = ? AND purpose = 'confirm_email'",
            users[0]!.id,
          );
          expect(tokens.length, `confirmation token of ${w.key}`).toBeGreaterThan(0);
          // ...and so was its mail, queued before the answer (sent or not, never lost).
          const mail = await q("SELECT 1 FROM mail_outbox WHERE recipient = ?", w.key);
          expect(mail.length, `confirmation mail of ${w.key}`).toBe(1);
        } else if (w.outcome === "refused") expect(users, `refused ${w.key}`).toEqual([]);
        else {
          expect(users.length, `lost ${w.key}`).toBeLessThanOrEqual(1);
          // Cut off mid-answer: the user, its token and its mail are one transaction
          // (decision 028), so all three are there or none is.
          const tokens = await q(
            "SELECT 1 FROM email_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = ?",
            w.key,
          );
          const mail = await q("SELECT 1 FROM mail_outbox WHERE recipient = ?", w.key);
          expect([tokens.length, mail.length], `half a sign-up of ${w.key}`).toEqual(
            users.length ? [1, 1] : [0, 0],
          );
        }
      }
      if (w.outcome === "answered") figures.verified++;
    }
    // No service appeared that nobody sent.
    const names = new Set(created.filter((w) => w.kind === "service").map((w) => w.key));
    for (const { name } of await q<{ name: string }>("SELECT name FROM services"))
      if (name.startsWith("Crashproof")) expect(names.has(name), name).toBe(true);

    // All or nothing: each provider's search row is exactly what its rows derive now
    // (a service or a profile edit committed without its index update would differ).
    const drift: string[] = [];
    await db
      .transaction(async (tx) => {
        const row = (id: string) =>
          tx.all<Record<string, unknown>>(
            sql`SELECT name, body, city_key, category_keys FROM provider_search WHERE provider_id = ${id}`,
          );
        for (const id of providerIds) {
          const stored = JSON.stringify(await row(id));
          await reindexProvider(tx, id);
          if (JSON.stringify(await row(id)) !== stored) drift.push(id);
        }
        throw new Rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Rollback)) throw err;
      });
    expect(drift, `search rows out of step after round ${round}`).toEqual([]);
  } finally {
    db.$client.close();
  }
}

describe("kill -9 during a write storm (Node server)", () => {
  it("keeps every write answered 2xx, never half a write, and a sound file", async () => {
    const started = Date.now();
    for (let round = 1; round <= ROUNDS; round++) {
      await startServer(siteDir);
      const health = await send("GET", "/api/health", { ip: "10.255.0.1" });
      expect(health?.status, serverLog).toBe(200);
      const dead = { now: false };
      const killAt = between(KILL_MIN_MS, KILL_MAX_MS);
      const callersDone = Promise.all(callers.map((c) => storm(c, round, dead)));
      await new Promise((r) => setTimeout(r, killAt));
      dead.now = true;
      await killServer();
      figures.kills++;
      await callersDone;
      await verify(round);
    }
    // Back once more: the server opens what the last kill left and answers from it.
    await startServer(siteDir);
    const c = callers[0]!;
    const list = await send("GET", "/api/favorites", { cookie: c.customerToken, ip: "10.255.0.2" });
    expect(list?.status).toBe(200);
    const on = c.favoriteTargets.filter((p) => favorites.get(`${c.customerId}|${p}`)!.known);
    expect(
      (list!.body as { id: string }[]).map((p) => p.id).sort(),
      "favorites over the API",
    ).toEqual(on.sort());
    await killServer();

    console.log(
      `[crash] ${figures.kills} kills, ${figures.sent} writes sent, ${figures.answered2xx} answered 2xx, ` +
        `${figures.lost} cut off, ${figures.refused} refused, ${figures.verified} checks of acknowledged state, ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(refusals).toEqual([]);
    expect(figures.answered2xx).toBeGreaterThan(0);
  }, 120_000);
});
