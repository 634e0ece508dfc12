/**
 * The API's sentences in the reader's language (decision 022): a request from
 * an Urdu page (Accept-Language: ur-PK, as the islands send it) gets its
 * `{ "error": … }` in Urdu with the same status and headers; an English one
 * gets exactly what it always got.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverFieldErrors } from "../../src/lib/server-errors.ts";
import { client, makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const UR = { "Accept-Language": "ur-PK" };
const EN = { "Accept-Language": "en-PK" };
let ipSeq = 0;
const fresh = () => client(t, `10.9.0.${++ipSeq}`);

describe("API errors in Urdu", () => {
  it("answers an Urdu page's request in Urdu, with the same status", async () => {
    const ur = await fresh().request("GET", "/api/auth/user", undefined, UR);
    expect(ur.status).toBe(401);
    expect(ur.body).toEqual({ error: "آپ سائن ان نہیں ہیں" });
    expect(ur.res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(ur.res.headers.get("Cache-Control")).toBe("no-store");

    // A stale session cookie is cleared on the same answer: the cookies survive the rewrite.
    const stale = fresh();
    stale.cookie = "karkhana_session=stale";
    const cleared = await stale.request("GET", "/api/auth/user", undefined, UR);
    expect(cleared.body).toEqual({ error: "آپ سائن ان نہیں ہیں" });
    expect(cleared.res.headers.getSetCookie().join("\n")).toMatch(/karkhana_session=;/);

    const missing = await fresh().request("GET", "/api/no-such-thing", undefined, UR);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: "نہیں ملا" });
  });

  it("leaves English answers byte for byte as they were", async () => {
    const plain = await fresh().get("/api/auth/user");
    const en = await fresh().request("GET", "/api/auth/user", undefined, EN);
    expect(plain.text).toBe('{"error":"Unauthorized"}');
    expect(en.text).toBe(plain.text);
    expect(en.status).toBe(401);
  });

  it("keeps the other fields of an error (the machine-readable code) as they are", async () => {
    await fresh().post("/api/auth/signup", {
      firstName: "Sana",
      lastName: "Iqbal",
      email: "sana.iqbal@example.pk",
      password: "a long enough password",
    });
    const r = await fresh().request(
      "POST",
      "/api/auth/signin",
      { email: "sana.iqbal@example.pk", password: "a long enough password" },
      UR,
    );
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("email_not_confirmed");
    expect(r.body.error).toMatch(/^براہ کرم پہلے اپنے ای میل ایڈریس کی تصدیق کریں/);
  });

  it("translates each field's problem and keeps the field names a form reads back", async () => {
    const r = await fresh().request(
      "POST",
      "/api/auth/signup",
      { firstName: "Ali", lastName: "", email: "not an email", password: "short" },
      UR,
    );
    expect(r.status).toBe(400);
    expect(r.body.error).toBe(
      "lastName: آخری نام ضروری ہے; email: درست ای میل ایڈریس درج کریں; password: پاس ورڈ کم از کم 8 حروف کا ہونا چاہیے",
    );
    expect(
      serverFieldErrors(r.body.error, { lastName: "last", email: "email", password: "pw" }),
    ).toEqual({
      last: "آخری نام ضروری ہے",
      email: "درست ای میل ایڈریس درج کریں",
      pw: "پاس ورڈ کم از کم 8 حروف کا ہونا چاہیے",
    });
  });

  it("fills a message's varying parts with their values", async () => {
    const limit = await fresh().request("GET", "/api/providers?limit=500", undefined, UR);
    expect(limit.status).toBe(400);
    expect(limit.body.error).toBe(
      "تلاش کے پیرامیٹر درست نہیں: limit: limit 1 سے 100 تک کا پورا عدد ہونا چاہیے",
    );
    const city = await fresh().request("GET", "/api/providers?city=Atlantis", undefined, UR);
    expect(city.body.error).toBe("تلاش کے پیرامیٹر درست نہیں: city: نامعلوم شہر 'Atlantis'");
    const en = await fresh().get("/api/providers?city=Atlantis");
    expect(en.body.error).toBe("Invalid query: city: unknown city 'Atlantis'");
  });

  it("says how long to wait in Urdu, and keeps Retry-After", async () => {
    const c = fresh();
    const ask = () =>
      c.request("POST", "/api/auth/forgot-password", { email: "wait@example.pk" }, UR);
    for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(200);
    const r = await ask();
    expect(r.status).toBe(429);
    const wait = Number(r.res.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(90);
    expect(r.body.error).toBe(
      `بہت زیادہ کوششیں ہو گئیں۔ ${Math.ceil(wait / 60)} منٹ بعد دوبارہ کوشش کریں۔`,
    );
  });

  it("also puts the account endpoints' answers in Urdu", async () => {
    const r = await fresh().request(
      "POST",
      "/api/auth/forgot-password",
      { email: "nobody@example.pk" },
      UR,
    );
    expect(r.status).toBe(200);
    expect(r.body.message).toMatch(/^اگر اس ای میل کا کوئی اکاؤنٹ موجود ہے/);
    const en = await fresh().post("/api/auth/forgot-password", { email: "nobody@example.pk" });
    expect(en.body.message).toMatch(/^If an account with that email exists/);
  });
});
