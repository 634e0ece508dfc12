import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDb } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema.ts";
import { createUser } from "../../db/seed/factories.ts";
import { pruneExpiredRows } from "../../functions/lib/housekeeping.ts";
import { httpMailer } from "../../functions/lib/http-mailer.ts";
import { MAIL_LEASE_MS, mailQueue, mailRetryDelayMs } from "../../functions/lib/queued-mailer.ts";
import { outboxMailer } from "../../functions/node/outbox-mailer.ts";
import type { MailMessage, Mailer } from "../../functions/ports/types.ts";
import { client, makeTestApp, type TestApp } from "../helpers/app.ts";

const MINUTE = 60_000;
const PASSWORD = "correct horse battery";

type Mode = "ok" | "fail" | "hang" | "lost";

/**
 * A mail API like Resend's: it delivers a message once per idempotency key
 * however often it is asked. `fail` refuses (503), `hang` never answers
 * (until the caller aborts), `lost` delivers and then the answer is lost on
 * the way back.
 */
function fakeMailApi(initial: Mode = "ok") {
  const requests = new Map<string, number>();
  const delivered = new Map<string, MailMessage>();
  const api = {
    mode: initial,
    requests,
    delivered,
    /** Every delivered message to `to`. */
    to: (to: string) => [...delivered.values()].filter((m) => m.to === to),
    transport: {
      async send(message, opts) {
        const key = opts?.idempotencyKey;
        if (!key) throw new Error("the queue always sends a key");
        requests.set(key, (requests.get(key) ?? 0) + 1);
        // A real API answers later than now: lets two drainers' sends overlap.
        await new Promise((r) => setTimeout(r, 2));
        switch (api.mode) {
          case "fail":
            throw new Error("mail API answered 503: unavailable");
          case "hang":
            return new Promise<void>((_, reject) =>
              opts.signal?.addEventListener("abort", () => reject(new Error("aborted"))),
            );
          case "lost":
            if (!delivered.has(key)) delivered.set(key, message);
            throw new Error("fetch failed: socket hang up");
          case "ok":
            if (!delivered.has(key)) delivered.set(key, message);
        }
      },
    } satisfies Mailer,
  };
  return api;
}

async function rowsTo(t: TestApp, to: string) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));
}

/** The queue's first try is over (a forgot-password mail is sent after the answer). */
async function settled(t: TestApp, to: string, count = 1) {
  await vi.waitFor(async () => {
    const rows = await rowsTo(t, to);
    expect(rows).toHaveLength(count);
    for (const row of rows) expect(row.sentAt !== null || row.leaseId === null).toBe(true);
  });
  return rowsTo(t, to);
}

/** The three requests that mail a link, each with the address it mails. */
const flows: {
  name: string;
  run: (
    t: TestApp,
    tag: string,
    ip: string,
  ) => Promise<{ to: string; status: number; body: unknown }>;
}[] = [
  {
    name: "sign-up",
    async run(t, tag, ip) {
      const to = `signup-${tag}@example.pk`;
      const r = await client(t, ip).post("/api/auth/signup", {
        firstName: "Sana",
        lastName: "Mir",
        email: to,
        password: PASSWORD,
        role: "customer",
      });
      return { to, status: r.status, body: r.body };
    },
  },
  {
    name: "resend confirmation",
    async run(t, tag, ip) {
      const to = `resend-${tag}@example.pk`;
      await createUser(t.db, { email: to, password: PASSWORD, confirmed: false });
      const r = await client(t, ip).post("/api/auth/resend-confirmation", { email: to });
      return { to, status: r.status, body: r.body };
    },
  },
  {
    name: "password reset",
    async run(t, tag, ip) {
      const to = `forgot-${tag}@example.pk`;
      await createUser(t.db, { email: to, password: PASSWORD });
      const r = await client(t, ip).post("/api/auth/forgot-password", { email: to });
      return { to, status: r.status, body: r.body };
    },
  },
];

/** Answers with a working mail API, the reference for "answers as it always did". */
const reference = new Map<string, { status: number; body: unknown }>();
let ipSeq = 0;

beforeAll(async () => {
  const api = fakeMailApi("ok");
  const t = await makeTestApp({ mailTransport: api.transport });
  try {
    for (const flow of flows) {
      const r = await flow.run(t, "same", `10.1.0.${++ipSeq}`);
      reference.set(flow.name, { status: r.status, body: r.body });
      const [row] = await settled(t, r.to);
      // Sent at once: one request, one delivery, the body gone from the table.
      expect(api.to(r.to)).toHaveLength(1);
      expect(row).toMatchObject({ attempts: 1, body: null, lastError: null });
      expect(row!.sentAt).toBeInstanceOf(Date);
    }
  } finally {
    await t.close();
  }
});

describe.each<Mode>(["fail", "hang", "lost"])("while the mail API is %s", (mode) => {
  let t: TestApp;
  let api: ReturnType<typeof fakeMailApi>;
  beforeAll(async () => {
    api = fakeMailApi(mode);
    t = await makeTestApp({ mailTransport: api.transport, mailQueue: { immediateTimeoutMs: 50 } });
  });
  afterAll(() => t.close());

  it.each(flows)(
    "$name answers as usual, and a later drain sends the mail exactly once",
    async (flow) => {
      api.mode = mode;
      const r = await flow.run(t, "same", `10.2.0.${++ipSeq}`);
      expect(r.status).toBe(reference.get(flow.name)!.status);
      expect(r.body).toEqual(reference.get(flow.name)!.body);

      const [queued] = await settled(t, r.to);
      expect(queued).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, leaseId: null });
      expect(queued!.body).not.toBeNull();
      expect(queued!.lastError).toBeTruthy();
      expect(queued!.nextAttemptAt.getTime() - queued!.createdAt.getTime()).toBe(
        mailRetryDelayMs(1),
      );
      expect(api.to(r.to)).toHaveLength(mode === "lost" ? 1 : 0);

      // Not due yet: the drain leaves it alone.
      api.mode = "ok";
      const early = await t.mailer.drain(new Date(queued!.nextAttemptAt.getTime() - 1));
      expect(early.sent).toBe(0);

      await t.mailer.drain(queued!.nextAttemptAt);
      await t.mailer.drain(new Date(queued!.nextAttemptAt.getTime() + 10 * MINUTE));
      const [row] = await rowsTo(t, r.to);
      expect(row).toMatchObject({ attempts: 2, body: null, failedAt: null });
      expect(row!.sentAt).toBeInstanceOf(Date);
      // Asked twice (the lost answer's retry carries the same key), delivered once.
      expect(api.requests.get(row!.idempotencyKey)).toBe(2);
      const mails = api.to(r.to);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toMatch(/#token=\w+/);
      expect(t.events.filter((e) => e.event === "mail.failed")).toEqual([]);
    },
  );
});

describe("retries", () => {
  let t: TestApp;
  const api = fakeMailApi("fail");
  beforeAll(async () => {
    t = await makeTestApp({ mailTransport: api.transport, mailQueue: { maxAttempts: 4 } });
  });
  afterAll(() => t.close());

  it("backs off 1, 2, 4 minutes, then gives up, clears the body and logs it without the link", async () => {
    const to = "backoff@example.pk";
    await t.mailer.send({
      to,
      subject: "Reset your Karkhana password",
      text: "Open http://x/reset-password#token=secret123",
      html: "<a href='http://x/reset-password#token=secret123'>reset</a>",
      validForMs: 24 * 60 * MINUTE,
    });
    let [row] = await rowsTo(t, to);
    const key = row!.idempotencyKey;
    for (let attempt = 2; attempt <= 4; attempt++) {
      const before = row!.nextAttemptAt;
      // Just before it is due: nothing happens.
      await t.mailer.drain(new Date(before.getTime() - 1));
      expect(api.requests.get(key)).toBe(attempt - 1);
      const report = await t.mailer.drain(before);
      [row] = await rowsTo(t, to);
      expect(api.requests.get(key)).toBe(attempt);
      expect(row!.attempts).toBe(attempt);
      if (attempt < 4) {
        expect(report).toMatchObject({ retried: 1, failed: 0 });
        expect(row!.nextAttemptAt.getTime() - before.getTime()).toBe(mailRetryDelayMs(attempt));
      } else {
        expect(report).toMatchObject({ retried: 0, failed: 1 });
      }
    }
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(mailRetryDelayMs)).toEqual(
      [1, 2, 4, 8, 16, 32, 60, 60].map((m) => m * MINUTE),
    );
    expect(row).toMatchObject({ sentAt: null, body: null });
    expect(row!.failedAt).toBeInstanceOf(Date);
    expect(row!.lastError).toMatch(/503/);

    // Given up for good: later drains do not ask again.
    await t.mailer.drain(new Date(row!.failedAt!.getTime() + 3 * 60 * MINUTE));
    expect(api.requests.get(key)).toBe(4);
    const events = t.events.filter((e) => e.event === "mail.failed");
    expect(events).toEqual([
      expect.objectContaining({
        email: "b***@example.pk",
        attempts: 4,
        reason: expect.any(String),
      }),
    ]);
    expect(JSON.stringify(events)).not.toContain("secret123");
    expect(JSON.stringify(events)).not.toContain(to);
  });

  it("gives up on a message whose links expired, without sending it", async () => {
    const api2 = fakeMailApi("fail");
    const queue = mailQueue({
      logError: () => {},
      db: t.db,
      transport: api2.transport,
      logEvent: (e) => void t.events.push(e),
    });
    const to = "expired@example.pk";
    const sent = new Date();
    await queue.send({
      to,
      subject: "Reset",
      text: "#token=old",
      html: "",
      validForMs: 60 * MINUTE,
    });
    const [queued] = await rowsTo(t, to);
    expect(queued!.expiresAt.getTime() - queued!.createdAt.getTime()).toBe(60 * MINUTE);
    api2.mode = "ok";
    const report = await queue.drain(new Date(sent.getTime() + 61 * MINUTE));
    expect(report).toMatchObject({ sent: 0, expired: 1 });
    expect(api2.to(to)).toEqual([]);
    const [row] = await rowsTo(t, to);
    expect(row).toMatchObject({ sentAt: null, body: null, lastError: "expired" });
    expect(row!.failedAt).toBeInstanceOf(Date);
    expect(t.events.findLast((e) => e.event === "mail.failed")).toMatchObject({
      reason: "expired",
      email: "e***@example.pk",
    });
  });
});

describe("two drainers at once", () => {
  it("never send one message twice: each row is leased to one of them", async () => {
    const t = await makeTestApp();
    // A second connection to the same file, as a second Node process (or a cron
    // overlapping a request's queue) would have.
    const other = await openDb({ url: `file:${join(t.dir, "test.db")}` });
    try {
      const api = fakeMailApi("fail");
      const a = mailQueue({
        logError: () => {},
        db: t.db,
        transport: api.transport,
        logEvent: () => {},
      });
      const b = mailQueue({
        logError: () => {},
        db: other,
        transport: api.transport,
        logEvent: () => {},
      });
      for (let i = 0; i < 24; i++) {
        await a.send({ to: `pair${i}@example.pk`, subject: "Hi", text: `#${i}`, html: "" });
      }
      api.mode = "ok";
      const later = new Date(Date.now() + 5 * MINUTE);
      const [ra, rb] = await Promise.all([a.drain(later), b.drain(later), a.drain(later)]);
      expect(ra.sent + rb.sent).toBeGreaterThan(0);
      const rows = await t.db.select().from(mailOutbox);
      expect(rows).toHaveLength(24);
      for (const row of rows) {
        expect(row.sentAt).toBeInstanceOf(Date);
        // The failed first try, then exactly one more.
        expect(api.requests.get(row.idempotencyKey)).toBe(2);
        expect(row.attempts).toBe(2);
      }
      expect(api.delivered.size).toBe(24);
    } finally {
      other.$client.close();
      await t.close();
    }
  });

  it("a row whose sender died is taken over once its lease runs out", async () => {
    const t = await makeTestApp();
    try {
      const api = fakeMailApi("hang");
      const queue = mailQueue({
        logError: () => {},
        db: t.db,
        transport: api.transport,
        immediateTimeoutMs: 10,
      });
      // A sender that stored the row and then died before its try was recorded.
      const start = new Date();
      await t.db.insert(mailOutbox).values({
        id: "orphan",
        idempotencyKey: "mail-orphan",
        recipient: "orphan@example.pk",
        subject: "Hi",
        body: JSON.stringify({ text: "hello", html: "" }),
        attempts: 1,
        leaseId: "dead-sender",
        leaseUntil: new Date(start.getTime() + MAIL_LEASE_MS),
        nextAttemptAt: new Date(start.getTime() + MINUTE),
        expiresAt: new Date(start.getTime() + 60 * MINUTE),
        createdAt: start,
      });
      api.mode = "ok";
      expect((await queue.drain(new Date(start.getTime() + MINUTE))).sent).toBe(0);
      expect((await queue.drain(new Date(start.getTime() + MAIL_LEASE_MS))).sent).toBe(1);
      expect(api.requests.get("mail-orphan")).toBe(1);
    } finally {
      await t.close();
    }
  });
});

describe("bodies at rest", () => {
  it("are sealed with a key from the secret, readable by the drain, and unreadable under another key", async () => {
    const t = await makeTestApp();
    try {
      const api = fakeMailApi("fail");
      const queue = mailQueue({
        logError: () => {},
        db: t.db,
        transport: api.transport,
        secret: "mail-api-key-1",
        logEvent: (e) => void t.events.push(e),
      });
      const link = "https://karkhana.example/reset-password#token=abcdef123456";
      await queue.send({
        to: "sealed@example.pk",
        subject: "Reset",
        text: link,
        html: `<a>${link}</a>`,
      });
      await queue.send({ to: "rotated@example.pk", subject: "Reset", text: link, html: "" });
      const [sealed] = await rowsTo(t, "sealed@example.pk");
      expect(sealed!.body).toMatch(/^enc1:/);
      expect(sealed!.body).not.toContain("abcdef123456");

      // The API key was rotated before the second one could go out.
      api.mode = "ok";
      const later = new Date(Date.now() + 5 * MINUTE);
      await t.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(later.getTime() + MINUTE) })
        .where(eq(mailOutbox.recipient, "rotated@example.pk"));
      expect((await queue.drain(later)).sent).toBe(1);
      expect(api.to("sealed@example.pk")[0]).toMatchObject({ text: link, html: `<a>${link}</a>` });

      const rotated = mailQueue({
        logError: () => {},
        db: t.db,
        transport: api.transport,
        secret: "mail-api-key-2",
        logEvent: (e) => void t.events.push(e),
      });
      const report = await rotated.drain(new Date(later.getTime() + 2 * MINUTE));
      expect(report).toMatchObject({ sent: 0, failed: 1 });
      const [row] = await rowsTo(t, "rotated@example.pk");
      expect(row).toMatchObject({ body: null, lastError: "unreadable" });
      expect(api.to("rotated@example.pk")).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it("housekeeping clears bodies past their expiry and deletes done rows after a week", async () => {
    const t = await makeTestApp();
    try {
      const api = fakeMailApi("ok");
      const queue = mailQueue({
        logError: () => {},
        db: t.db,
        transport: api.transport,
      });
      await queue.send({ to: "done@example.pk", subject: "Hi", text: "x", html: "" });
      api.mode = "fail";
      await queue.send({ to: "stuck@example.pk", subject: "Hi", text: "#token=y", html: "" });
      const now = Date.now();
      await pruneExpiredRows(t.db, new Date(now + 61 * MINUTE));
      expect((await rowsTo(t, "stuck@example.pk"))[0]!.body).toBeNull();
      expect(await rowsTo(t, "done@example.pk")).toHaveLength(1);
      await pruneExpiredRows(t.db, new Date(now + 7 * 24 * 60 * MINUTE + MINUTE));
      expect(await t.db.select().from(mailOutbox)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe("transports", () => {
  const message = {
    to: "a@example.pk",
    subject: "Hello",
    text: "Open https://x/y",
    html: "<p>Hi</p>",
  };

  it("the HTTP mailer sends the idempotency key as Idempotency-Key and only the message's fields", async () => {
    const calls: RequestInit[] = [];
    const fake = (async (_url: string, init: RequestInit) => {
      calls.push(init);
      return new Response("{}", { status: 200 });
    }) as unknown as typeof fetch;
    await httpMailer({ url: "https://mail.example/send", apiKey: "k", from: "f@k.pk" }, fake).send(
      { ...message, validForMs: 1000 },
      { idempotencyKey: "mail-123" },
    );
    expect((calls[0]!.headers as Record<string, string>)["Idempotency-Key"]).toBe("mail-123");
    expect(JSON.parse(calls[0]!.body as string)).toEqual({ from: "f@k.pk", ...message });
  });

  it("the local outbox writes a message once per idempotency key, like a mail API", async () => {
    const dir = await mkdtemp(join(tmpdir(), "outbox-"));
    try {
      const mailer = outboxMailer(dir, () => {});
      await mailer.send(message, { idempotencyKey: "mail-1" });
      await mailer.send(message, { idempotencyKey: "mail-1" });
      await mailer.send(message, { idempotencyKey: "mail-2" });
      const files = (await readdir(dir)).sort();
      expect(files).toHaveLength(2);
      expect(JSON.parse(await readFile(join(dir, files[0]!), "utf8"))).toMatchObject(message);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
