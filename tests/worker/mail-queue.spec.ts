import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { eq } from "drizzle-orm";
import { openDb } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema.ts";
import { confirmEmailViaApi, E2E_PASSWORD, uniqueEmail } from "../e2e/auth-helpers.ts";
import { expect, test } from "../e2e/fixtures.ts";

/**
 * The mail queue under workerd: the preview's mail API (tests/fixtures/json-sink.ts)
 * answers 503 while its folder holds a file named `unavailable`. A sign-up
 * then answers as always, its mail waits in mail_outbox (sealed), and the
 * five-minute Cron Trigger delivers it once, with a link that works.
 */

const DATA = resolve(process.env.E2E_DIR || ".e2e-worker", "data");
const OUTBOX = join(DATA, "outbox");
const DOWN = join(OUTBOX, "unavailable");

async function mailsTo(email: string): Promise<string[]> {
  const found: string[] = [];
  for (const name of (await readdir(OUTBOX)).filter((f) => f.endsWith(".json"))) {
    try {
      const msg = JSON.parse(await readFile(join(OUTBOX, name), "utf8")) as { to: string };
      if (msg.to === email) found.push(name);
    } catch {
      // Being written: the next poll reads it.
    }
  }
  return found;
}

test("mail the API refused is queued and sent once by the Cron Trigger, its link working", async ({
  request,
  baseURL,
}) => {
  const email = uniqueEmail("queued-mail");
  const db = await openDb({ url: `file:${join(DATA, "karkhana.db")}` });
  try {
    await writeFile(DOWN, "");
    let signup;
    try {
      signup = await request.post("/api/auth/signup", {
        data: {
          firstName: "Queued",
          lastName: "Mail",
          email,
          password: E2E_PASSWORD,
          role: "customer",
        },
        headers: { Origin: baseURL! },
      });
    } finally {
      await rm(DOWN, { force: true });
    }
    expect(signup.status(), await signup.text()).toBe(200);
    expect(await signup.json()).toEqual({
      message: expect.stringContaining("confirm"),
      user: { email, email_confirmed_at: null },
    });
    expect(await mailsTo(email)).toEqual([]);

    const [queued] = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    expect(queued).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, leaseId: null });
    expect(queued!.lastError).toContain("503");
    // Sealed at rest (the preview sets MAIL_API_KEY): no link to read in the table.
    expect(queued!.body).toMatch(/^enc1:/);
    expect(queued!.body).not.toContain("token=");

    // The retry is due a minute after the failure; bring it forward instead of waiting.
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, queued!.id));
    const cron = `/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/5 * * * *")}`;
    expect((await request.get(cron)).ok()).toBe(true);
    await expect.poll(() => mailsTo(email)).toHaveLength(1);
    await expect
      .poll(async () => {
        const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, queued!.id));
        return row?.sentAt ? { attempts: row.attempts, body: row.body } : null;
      })
      .toEqual({ attempts: 2, body: null });

    // Another run finds nothing to send.
    expect((await request.get(cron)).ok()).toBe(true);
    expect(await mailsTo(email)).toHaveLength(1);

    await confirmEmailViaApi(request, baseURL!, email);
  } finally {
    db.$client.close();
  }
});
