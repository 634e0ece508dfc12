/**
 * Mails in the reader's language (decision 022): the ones a request asks for
 * (sign-up confirmation, password reset) in the language of the page it came
 * from, lead notices in the recipient's remembered language (users.locale),
 * which sign-up, sign-in and the header's session check keep up to date.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { customerLeadPath, providerLeadPath } from "../../src/lib/lead-schemas.ts";
import { client, clientAs, makeTestApp, SITE, type TestApp } from "../helpers/app.ts";
import { startFakeGoogle, type FakeGoogle } from "../helpers/fake-google.ts";

let t: TestApp;
let google: FakeGoogle;
beforeAll(async () => {
  google = await startFakeGoogle();
  t = await makeTestApp({ google: google.config });
});
afterAll(async () => {
  await t.close();
  await google.close();
});

const UR = { "Accept-Language": "ur-PK" };
const EN = { "Accept-Language": "en-PK" };
const PASSWORD = "correct horse battery";
let ipSeq = 0;
const fresh = () => client(t, `10.8.0.${++ipSeq}`);

const localeOf = async (email: string) =>
  (await t.db.select({ locale: users.locale }).from(users).where(eq(users.email, email)))[0]
    ?.locale;
const lastMailTo = (email: string) => t.outbox.findLast((m) => m.to === email)!;

describe("sign-up and password mails", () => {
  it("writes the confirmation of a sign-up on an Urdu page in Urdu, linking the Urdu page", async () => {
    const r = await fresh().request(
      "POST",
      "/api/auth/signup",
      { firstName: "Bilal", lastName: "Ahmed", email: "bilal@example.pk", password: PASSWORD },
      UR,
    );
    expect(r.status).toBe(200);
    const mail = lastMailTo("bilal@example.pk");
    expect(mail.subject).toBe("اپنے کارخانہ اکاؤنٹ کی تصدیق کریں");
    expect(mail.text).toMatch(
      new RegExp(`^اپنے ای میل ایڈریس کی تصدیق کریں\\n\\nالسلام علیکم،\\n`),
    );
    expect(mail.text).toMatch(new RegExp(`${SITE}/ur/confirm-email#token=\\w+`));
    expect(mail.html).toContain('<html lang="ur" dir="rtl">');
    expect(mail.html).toContain("یا یہ لنک کھولیں: ");
    // Still nothing the form chose before the address is confirmed (decision 011).
    expect(mail.text).not.toContain("Bilal");
    expect(await localeOf("bilal@example.pk")).toBe("ur");
  });

  it("keeps an English sign-up's mail and language English", async () => {
    await fresh().request(
      "POST",
      "/api/auth/signup",
      { firstName: "Zara", lastName: "Malik", email: "zara@example.pk", password: PASSWORD },
      EN,
    );
    const mail = lastMailTo("zara@example.pk");
    expect(mail.subject).toBe("Confirm your Karkhana account");
    expect(mail.text).toContain(`${SITE}/confirm-email#token=`);
    expect(mail.html.startsWith("<!doctype html><html><body ")).toBe(true);
    expect(await localeOf("zara@example.pk")).toBe("en");
  });

  it("sends a reset asked for on an Urdu page in Urdu, to the Urdu reset page", async () => {
    await createUser(t.db, { email: "reset.ur@example.pk", password: PASSWORD });
    const r = await fresh().request(
      "POST",
      "/api/auth/forgot-password",
      { email: "reset.ur@example.pk" },
      UR,
    );
    expect(r.status).toBe(200);
    await expect.poll(() => t.outbox.some((m) => m.to === "reset.ur@example.pk")).toBe(true);
    const mail = lastMailTo("reset.ur@example.pk");
    expect(mail.subject).toBe("اپنا کارخانہ پاس ورڈ ری سیٹ کریں");
    expect(mail.text).toMatch(new RegExp(`${SITE}/ur/reset-password#token=\\w+`));
  });
});

describe("remembering the reader's language", () => {
  it("is set on sign-in and by the session check, and kept when a request names none", async () => {
    await createUser(t.db, { email: "amna@example.pk", password: PASSWORD });
    const c = fresh();
    const signin = await c.request(
      "POST",
      "/api/auth/signin",
      { email: "amna@example.pk", password: PASSWORD },
      UR,
    );
    expect(signin.status).toBe(200);
    expect(await localeOf("amna@example.pk")).toBe("ur");

    // The header on an English page asks who is signed in: English from now on.
    expect((await c.request("GET", "/api/auth/user", undefined, EN)).status).toBe(200);
    expect(await localeOf("amna@example.pk")).toBe("en");
    // A caller that names no language changes nothing.
    await t.db.update(users).set({ locale: "ur" }).where(eq(users.email, "amna@example.pk"));
    expect((await c.get("/api/auth/user")).status).toBe(200);
    expect(await localeOf("amna@example.pk")).toBe("ur");
  });

  it("takes a Google sign-in's language from the page it returns to", async () => {
    const start = await t.app.request("/api/auth/oauth", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE, "x-test-ip": "10.8.1.1" },
      body: JSON.stringify({ provider: "google", next: "/ur/favorites" }),
    });
    expect(start.status).toBe(200);
    const jar = start.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const { url } = (await start.json()) as { url: string };
    const { code, state } = google.authorize(url, { email: "gul@example.pk", sub: "gul-1" });
    const res = await t.app.request(
      `/api/auth/callback/google?${new URLSearchParams({ code, state })}`,
      { headers: { Cookie: jar, "x-test-ip": "10.8.1.1" } },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/ur/favorites");
    expect(await localeOf("gul@example.pk")).toBe("ur");
  });
});

describe("lead notices", () => {
  it("writes to each side in the language they last used, with links to their Urdu pages", async () => {
    const ownerId = await createUser(t.db, { email: "urdu.owner@example.pk", role: "provider" });
    await t.db.update(users).set({ locale: "ur" }).where(eq(users.id, ownerId));
    const providerId = await createProvider(t.db, {
      companyName: "Noor Textiles",
      city: "Lahore",
      userId: ownerId,
    });
    const customerId = await createUser(t.db, {
      email: "english.customer@example.pk",
      firstName: "Omar",
      lastName: "Farooq",
    });
    const customer = await clientAs(t, customerId);
    const need = "We need 300 cotton tote bags printed with our shop's name, in two colours.";
    const sent = await customer.post("/api/leads", { providerId, need, city: "Lahore" });
    expect(sent.status, sent.text).toBe(201);
    const leadId = sent.body.id as string;

    const notice = lastMailTo("urdu.owner@example.pk");
    expect(notice.subject).toBe("Noor Textiles کے لیے کوٹیشن کی نئی درخواست");
    expect(notice.text).toContain(
      "لاہور سے Omar F. نے کارخانہ پر Noor Textiles سے کوٹیشن مانگی ہے۔",
    );
    expect(notice.text).toContain(`${SITE}/ur${providerLeadPath(leadId)}`);
    expect(notice.html).toContain('dir="rtl"');
    // Never the customer's words or address (decision 021).
    for (const part of [notice.text, notice.html, notice.subject]) {
      expect(part).not.toContain("tote bags");
      expect(part).not.toContain("english.customer@example.pk");
    }

    // The provider quotes; the customer reads English, so their notice is the English one.
    const owner = await clientAs(t, ownerId);
    const reply = await owner.post(`/api/leads/${leadId}/messages`, {
      body: "We can do this for you.",
      quotePkr: 150000,
    });
    expect(reply.status, reply.text).toBe(201);
    const quoted = lastMailTo("english.customer@example.pk");
    expect(quoted.subject).toBe("Noor Textiles sent you a quote");
    expect(quoted.text).toContain("Noor Textiles quoted PKR 150,000.");
    expect(quoted.text).toContain(`${SITE}${customerLeadPath(leadId)}`);
    expect(quoted.text).not.toContain(`${SITE}/ur/`);
  });

  it("sends an Urdu customer the provider's quote in Urdu, to Urdu My Requests", async () => {
    const ownerId = await createUser(t.db, { email: "quote.owner@example.pk", role: "provider" });
    const providerId = await createProvider(t.db, {
      companyName: "Sadiq Steel",
      city: "Karachi",
      userId: ownerId,
    });
    const customerId = await createUser(t.db, { email: "urdu.customer@example.pk" });
    await t.db.update(users).set({ locale: "ur" }).where(eq(users.id, customerId));
    const customer = await clientAs(t, customerId);
    const sent = await customer.post("/api/leads", {
      providerId,
      need: "Steel gate 12 by 8 feet with a small door, powder coated black.",
      city: "Karachi",
    });
    expect(sent.status, sent.text).toBe(201);
    const leadId = sent.body.id as string;
    const owner = await clientAs(t, ownerId);
    const reply = await owner.post(`/api/leads/${leadId}/messages`, {
      body: "Yes, we can.",
      quotePkr: 85000,
      quoteValidUntil: "2099-12-31",
    });
    expect(reply.status, reply.text).toBe(201);
    const mail = lastMailTo("urdu.customer@example.pk");
    expect(mail.subject).toBe("Sadiq Steel نے آپ کو کوٹیشن بھیجی ہے");
    expect(mail.text).toMatch(
      /Sadiq Steel نے Rs\s?85,000 کی کوٹیشن دی ہے، جو 31 دسمبر، 2099 تک مؤثر ہے۔/,
    );
    expect(mail.text).toContain(`${SITE}/ur${customerLeadPath(leadId)}`);
    expect(mail.text).not.toContain("Yes, we can.");
  });
});
