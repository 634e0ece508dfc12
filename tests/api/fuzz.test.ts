import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { galleryImages, services } from "../../db/schema.ts";
import { createSession } from "../../functions/auth/session.ts";
import { nodeHandler } from "../../functions/node/server.ts";
import { SiteRoot } from "../../functions/node/static-site.ts";
import { makeTestApp, SITE, type TestApp } from "../helpers/app.ts";
import { jpeg } from "../helpers/images.ts";

/**
 * Malformed requests of every route family, as anonymous, provider and admin
 * callers: no answer may be a 500, and every /api error is JSON `{ error }`.
 * Deterministic (seeded), so a failure names a request that can be replayed.
 */

/** mulberry32: small, seeded, good enough to pick cases. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Segments a path parameter or query value may be replaced with. */
const BAD_SEGMENTS = [
  "%C0",
  "%C0%AF",
  "%",
  "%%",
  "%E0%A4",
  "%ZZ",
  "%0",
  "%00",
  "a%00b",
  "%FF%FE",
  "%ED%A0%80",
  "%2e%2e",
  "..",
  "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "..%2f..%2f..%2fsecret.txt",
  "..%5c..%5csecret.txt",
  "%252e%252e",
  "%2F",
  "\\",
  "\u0000",
  "\u202e",
  "😀",
  "\ud800",
  "A".repeat(5000),
  "%C0".repeat(2000),
  "-1",
  "0",
  "1e309",
  "NaN",
  "null",
  "undefined",
  "[]",
  "{}",
  "' OR 1=1 --",
  '"',
  "<script>",
  "*",
  '"*" OR',
  "a b",
  "+",
  "00000000-0000-0000-0000-000000000000",
  "ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ",
];

const QUERY_KEYS = [
  "limit",
  "offset",
  "cursor",
  "page",
  "q",
  "search",
  "city",
  "category",
  "categoryId",
  "key",
  "contentType",
  "token",
  "next",
  "state",
  "code",
  "error",
  "sort",
  "role",
  "status",
];

const BAD_BODIES: (string | Uint8Array<ArrayBuffer>)[] = [
  "",
  "{",
  "}",
  "[",
  "null",
  "true",
  "1",
  "1e999",
  '"x"',
  "[]",
  "[{}]",
  "{}",
  '{"a":',
  "{'a':1}",
  '{"__proto__":{"role":"admin"}}',
  '{"constructor":{"prototype":{"x":1}}}',
  "[".repeat(5000) + "]".repeat(5000),
  '{"a":' + "[".repeat(3000) + "]".repeat(3000) + "}",
  JSON.stringify({ x: "y".repeat(70_000) }),
  "\uFEFF{}",
  new Uint8Array([0xff, 0xfe, 0x00, 0x7b, 0x00, 0x7d]),
  new Uint8Array([0x7b, 0x22, 0xc0, 0xaf, 0x22, 0x3a, 0x31, 0x7d]),
  new Uint8Array([0x00, 0x00, 0x00]),
];

/** Field values of the wrong type or shape for any payload. */
const BAD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  "",
  " ",
  "x".repeat(10_000),
  "%C0",
  "\u0000",
  "😀".repeat(300),
  "\ud800",
  "a\udfffb",
  "\u202e\u0000",
  [],
  ["a"],
  {},
  { $gt: "" },
  "javascript:alert(1)",
  "http://evil.example/x.jpg",
  "/media/../secret.txt",
  "/media/%C0",
  "2026-13-45",
  "not-an-email",
  "a@b",
  "00000000-0000-0000-0000-000000000000",
];

const FIELDS = [
  "email",
  "password",
  "currentPassword",
  "newPassword",
  "firstName",
  "lastName",
  "name",
  "token",
  "companyName",
  "description",
  "location",
  "website",
  "phone",
  "coverImageUrl",
  "logoUrl",
  "imageUrl",
  "providerId",
  "categoryId",
  "categoryIds",
  "pricePkr",
  "responseTime",
  "role",
  "status",
  "isActive",
  "isFeatured",
  "reason",
  "services",
  "credential",
  "idToken",
  "hash",
  "accessToken",
  "userId",
];

const METHODS = [
  "GET",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "HEAD",
  "OPTIONS",
  "get",
  "PROPFIND",
  "FOO",
];

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-16",
  "application/json; charset=%C0",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "application/octet-stream",
  "image/jpeg",
  "*/*",
  "",
];

let t: TestApp;
const ids: Record<string, string> = {};
const users: Record<"customer" | "provider" | "admin", string> = {
  customer: "",
  provider: "",
  admin: "",
};

/** Every route (method and path), with `{x}` for the ids the seed made (which the fuzz replaces). */
function routeTemplates(): [string, string][] {
  return [
    ["GET", "/api"],
    ["GET", "/api/health"],
    ["POST", "/api/auth/signup"],
    ["POST", "/api/auth/signin"],
    ["POST", "/api/auth/signout"],
    ["GET", "/api/auth/user"],
    ["POST", "/api/auth/resend-confirmation"],
    ["POST", "/api/auth/confirm"],
    ["POST", "/api/auth/forgot-password"],
    ["POST", "/api/auth/reset-password"],
    ["POST", "/api/auth/change-password"],
    ["GET", "/api/auth/sessions"],
    ["DELETE", "/api/auth/sessions/{session}"],
    ["POST", "/api/auth/signout-everywhere"],
    ["POST", "/api/auth/oauth"],
    ["GET", "/api/auth/callback/google"],
    ["POST", "/api/auth/hash-callback"],
    // The pages whose forms the server takes before their script runs (decision 027).
    ["POST", "/login"],
    ["POST", "/ur/signup"],
    ["POST", "/provider-portal-login"],
    ["POST", "/forgot-password"],
    ["GET", "/api/favorites"],
    ["POST", "/api/favorites/{provider}"],
    ["GET", "/api/favorites/{provider}/check"],
    ["POST", "/api/service-categories"],
    ["PATCH", "/api/service-categories/{category}"],
    ["POST", "/api/providers"],
    ["PUT", "/api/providers/{provider}"],
    ["GET", "/api/providers/{provider}/services"],
    ["GET", "/api/providers/{provider}/gallery"],
    ["GET", "/api/providers/{provider}/contact"],
    ["POST", "/api/providers/gallery"],
    ["DELETE", "/api/providers/gallery/{gallery}"],
    ["GET", "/api/my-provider"],
    ["POST", "/api/services"],
    ["PATCH", "/api/services/{service}"],
    ["POST", "/api/suggestions/providers"],
    ["POST", "/api/uploads/file"],
    ["POST", "/api/uploads/{upload}"],
    ["GET", "/api/admin/stats"],
    ["GET", "/api/admin/audit"],
    ["GET", "/api/admin/suggestions"],
    ["POST", "/api/admin/suggestions/{suggestion}/approve"],
    ["POST", "/api/admin/suggestions/{suggestion}/reject"],
    ["GET", "/api/admin/users"],
    ["PATCH", "/api/admin/users/{user}"],
    ["POST", "/api/admin/providers"],
    ["PATCH", "/api/admin/providers/{provider}"],
    ["PATCH", "/api/admin/providers/{provider}/details"],
    ["POST", "/api/admin/providers/{provider}/services"],
    ["DELETE", "/api/admin/providers/{provider}/services/{service}"],
    ["GET", "/api/login"],
    ["GET", "/media/{media}"],
    ["GET", "/media/providers/{user}/cover_1.jpg"],
    ["GET", "/providers/{slug}"],
    ["GET", "/pk/{city}"],
    ["GET", "/pk/{city}/{categorySlug}"],
    ["GET", "/pk/{city}/{categorySlug}/{slug}"],
    ["GET", "/"],
    ["GET", "/login"],
    ["GET", "/_live/provider"],
    ["GET", "/_astro/{asset}"],
    ["GET", "/{anything}"],
    ["GET", "/api/service-categories"],
    ["GET", "/api/providers"],
    ["GET", "/api/providers/{provider}"],
    ["DELETE", "/api/favorites/{provider}"],
    ["DELETE", "/api/service-categories/{category}"],
    ["DELETE", "/api/services/{service}"],
    ["DELETE", "/api/admin/providers/{provider}"],
    ["GET", "/api/admin/providers"],
    ["GET", "/api/auth/confirm"],
    ["GET", "/api/uploads/file"],
  ];
}

/**
 * A valid body for the write routes, so a mutation of one or two fields gets
 * past the other checks and into the handler (and the database) behind them.
 */
function validBody(template: string, r: () => number): Record<string, unknown> | null {
  const n = Math.floor(r() * 1e6);
  const media = `/media/providers/${users.provider}/logo_1.jpg`;
  const profile = {
    companyName: `Fuzz Works ${n}`,
    description: "We fix things",
    location: "Lahore — Gulberg",
    website: "fuzz.example.pk",
    phone: "0300 1234567",
    email: `works${n}@example.pk`,
    coverImageUrl: media,
    logoUrl: media,
    responseTime: "1 day",
    pricePkr: 1500,
  };
  switch (template) {
    case "/api/auth/signup":
      return {
        firstName: "Fuzz",
        lastName: "User",
        email: `fuzz${n}@example.pk`,
        password: "correct horse battery",
        role: "provider",
      };
    case "/api/auth/signin":
      return { email: "p@example.pk", password: "correct horse battery" };
    case "/login":
    case "/provider-portal-login":
      return { mode: "signin", email: "p@example.pk", password: "correct horse battery" };
    case "/ur/signup":
      return {
        mode: "signup",
        firstName: "Fuzz",
        lastName: "User",
        email: `fuzz${n}@example.pk`,
        password: "correct horse battery",
        confirmPassword: "correct horse battery",
      };
    case "/forgot-password":
      return { email: "p@example.pk" };
    case "/api/auth/resend-confirmation":
    case "/api/auth/forgot-password":
      return { email: "p@example.pk" };
    case "/api/auth/confirm":
      return { token: "a".repeat(43) };
    case "/api/auth/reset-password":
      return { token: "a".repeat(43), password: "correct horse battery" };
    case "/api/auth/change-password":
      return { currentPassword: "correct horse battery", newPassword: "another horse battery" };
    case "/api/auth/oauth":
      return { provider: "google", next: "/dashboard" };
    case "/api/auth/hash-callback":
      return { accessToken: "x", idToken: "y" };
    case "/api/providers":
    case "/api/providers/{provider}":
      return profile;
    case "/api/services":
      return { providerId: ids.provider, categoryId: ids.category, name: "Pipes", pricePkr: 900 };
    case "/api/services/{service}":
      return { name: "Pipes and drains", pricePkr: 1200 };
    case "/api/providers/gallery":
      return {
        imageUrl: `/media/providers/${ids.provider}/gallery/2_b.jpg`,
        providerId: ids.provider,
      };
    case "/api/suggestions/providers":
      return {
        name: `Suggested ${n}`,
        city: "Karachi",
        categoryIds: [ids.category],
        contact: "0300 1234567",
        email: `s${n}@example.pk`,
        website: "https://s.example.pk",
      };
    case "/api/service-categories":
      return { name: `Category ${n}`, description: "d", icon: "wrench" };
    case "/api/service-categories/{category}":
      return { name: `Renamed ${n}` };
    case "/api/admin/users/{user}":
      return { role: "customer" };
    case "/api/admin/providers":
      return { ...profile, ownerEmail: "c@example.pk", categoryIds: [ids.category] };
    case "/api/admin/providers/{provider}":
      return { is_active: true, is_verified: true };
    case "/api/admin/providers/{provider}/details":
      return { companyName: `Renamed ${n}`, location: "Karachi — Saddar", pricePkr: 10 };
    case "/api/admin/providers/{provider}/services":
      return { categoryId: ids.category };
    case "/api/admin/suggestions/{suggestion}/approve":
      return { categoryIds: [ids.category] };
    default:
      return null;
  }
}

/** Values that pass a string check but are odd: what a valid-looking field may still carry. */
const ODD_STRINGS = [
  "\u202egnp.exe",
  "😀".repeat(50),
  "a\u0000b",
  "\ud800",
  "Ω≈ç√∫",
  "<img src=x onerror=alert(1)>",
  "' OR '1'='1",
  "%C0%AF",
  "..\\..\\",
  " padded ",
  "١٢٣٤",
  "ﷺ",
];

function validFor(slot: string): string {
  switch (slot) {
    case "provider":
      return ids.provider!;
    case "slug":
      return `owned-works-${ids.provider}`;
    case "service":
      return ids.service!;
    case "gallery":
      return ids.gallery!;
    case "category":
      return ids.category!;
    case "user":
      return users.provider;
    case "city":
      return "lahore";
    case "categorySlug":
      return "plumbing";
    case "media":
      return `providers/${users.provider}/logo_1.jpg`;
    case "upload":
      return "file";
    case "asset":
      return "a.css";
    default:
      return crypto.randomUUID();
  }
}

interface Case {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  role: "anonymous" | "customer" | "provider" | "admin";
  family: string;
}

function makeCases(count: number, seed: number): Case[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const templates = routeTemplates();
  const cases: Case[] = [];
  for (let i = 0; i < count; i++) {
    const [routeMethod, template] = pick(templates);
    // Half the cases keep a real path (so body and query fuzz reaches the handlers), half break it.
    const cleanPath = r() < 0.5;
    let path = template.replace(/\{(\w+)\}/g, (_, slot: string) =>
      cleanPath || r() < 0.5 ? validFor(slot) : pick(BAD_SEGMENTS),
    );
    // Path mutations: a bad escape, traversal, doubled slashes, an overlong tail.
    const m = cleanPath ? 1 : r() * 0.6;
    if (m < 0.15) path += pick(["/%C0", "/%", "%", "/..", "/../..", "//", "/%00", "/%2e%2e/"]);
    else if (m < 0.2) path = path.replace(/\//g, "//");
    else if (m < 0.23) path += "/" + "a".repeat(8000 + Math.floor(r() * 8000));
    else if (m < 0.27) path = path.replace(/^\/(api|media|pk|providers)/, (p) => p.toUpperCase());
    // A query string with bad keys and values.
    if (r() < 0.5) {
      const n = 1 + Math.floor(r() * 4);
      const parts: string[] = [];
      for (let k = 0; k < n; k++) {
        const value = r() < 0.3 ? String(Math.floor(r() * 1e6)) : pick(BAD_SEGMENTS);
        parts.push(`${r() < 0.9 ? pick(QUERY_KEYS) : pick(BAD_SEGMENTS)}=${value}`);
      }
      if (r() < 0.1) parts.push("limit=1&limit=2&limit=%C0");
      if (r() < 0.05) parts.push("%C0");
      path += "?" + parts.join("&");
    }
    const method = r() < 0.7 ? routeMethod : pick(METHODS);
    const headers: Record<string, string> = {
      Origin: r() < 0.9 ? SITE : pick(["null", "http://evil.example", "%C0", "file://"]),
      "x-test-ip": `10.${Math.floor(r() * 256)}.${Math.floor(r() * 256)}.${Math.floor(r() * 256)}`,
    };
    let body: Case["body"];
    if (!["GET", "HEAD", "get"].includes(method)) {
      const b = r();
      const base = method === routeMethod ? validBody(template, r) : null;
      if (base && r() < 0.6) {
        // One or two fields of a valid body changed (or none: the valid write itself).
        for (let k = Math.floor(r() * 3); k > 0; k--) {
          const field = r() < 0.8 ? pick(Object.keys(base)) : pick(FIELDS);
          base[field] = r() < 0.5 ? pick(BAD_VALUES) : pick(ODD_STRINGS);
        }
        // A page's form goes as one (mostly); the API's bodies as JSON.
        body =
          !template.startsWith("/api") && r() < 0.8
            ? new URLSearchParams(
                Object.entries(base).map(([k, v]) => [k, typeof v === "string" ? v : String(v)]),
              ).toString()
            : JSON.stringify(base);
      } else if (b < 0.45) {
        // A JSON object with a few plausible fields holding wrong values.
        const obj: Record<string, unknown> = {};
        const n = 1 + Math.floor(r() * 6);
        for (let k = 0; k < n; k++) {
          const field = pick(FIELDS);
          obj[field] = r() < 0.25 ? plausible(field, r) : pick(BAD_VALUES);
        }
        body = JSON.stringify(obj);
      } else if (b < 0.85) {
        body = pick(BAD_BODIES);
      } else if (b < 0.92) {
        body = jpeg(2, 2);
      }
      const form = !template.startsWith("/api") && r() < 0.6;
      headers["Content-Type"] = form
        ? "application/x-www-form-urlencoded"
        : r() < 0.6
          ? "application/json"
          : pick(CONTENT_TYPES);
      if (headers["Content-Type"] === "") delete headers["Content-Type"];
    }
    const h = r();
    if (h < 0.05) headers["X-Huge"] = "x".repeat(32 * 1024 + Math.floor(r() * 32 * 1024));
    else if (h < 0.1)
      headers.Cookie = pick([
        "karkhana_session=%C0",
        "karkhana_session=",
        "=;=;",
        "a".repeat(20_000),
      ]);
    else if (h < 0.13) headers["Content-Length"] = pick(["-1", "abc", "99999999999"]);
    else if (h < 0.16) headers["Accept-Encoding"] = "%C0";
    cases.push({
      method,
      path,
      headers,
      body,
      role: pick(["anonymous", "customer", "provider", "admin"]),
      family: family(template),
    });
  }
  return cases;
}

function plausible(field: string, r: () => number): unknown {
  switch (field) {
    case "email":
      return `fuzz${Math.floor(r() * 1000)}@example.pk`;
    case "password":
    case "currentPassword":
    case "newPassword":
      return "correct horse battery";
    case "providerId":
      return ids.provider;
    case "categoryId":
      return ids.category;
    case "categoryIds":
      return [ids.category];
    case "coverImageUrl":
    case "logoUrl":
    case "imageUrl":
      return `/media/providers/${users.provider}/logo_1.jpg`;
    case "pricePkr":
      return 1500;
    case "companyName":
    case "name":
      return "Fuzz Works";
    default:
      return "x";
  }
}

const summary = { requests: 0, families: new Set<string>(), statuses: new Map<number, number>() };

/**
 * A fresh app with a provider (owned by `users.provider`), a service, a gallery
 * image and an upload. Fuzzed admin calls do delete and demote things, so each
 * chunk of cases starts over and most cases still reach the handlers' parsing.
 */
async function freshFixture(): Promise<void> {
  await t?.close();
  t = await makeTestApp({ providers: 2 });
  users.customer = await createUser(t.db, { email: "c@example.pk", role: "customer" });
  users.provider = await createUser(t.db, { email: "p@example.pk", role: "provider" });
  users.admin = await createUser(t.db, { email: "a@example.pk", role: "admin" });
  ids.provider = crypto.randomUUID();
  const category = await t.db.query.serviceCategories.findFirst();
  ids.category = category!.id;
  await createProvider(t.db, {
    id: ids.provider,
    companyName: "Owned Works",
    city: "Lahore",
    userId: users.provider,
    services: [{ name: "Pipes", categoryId: category!.id, pricePkr: 1000 }],
    gallery: [`/media/providers/${ids.provider}/gallery/1_a.jpg`],
  });
  ids.service = (
    await t.db
      .select({ id: services.id })
      .from(services)
      .where(eq(services.providerId, ids.provider))
  )[0]!.id;
  ids.gallery = (
    await t.db
      .select({ id: galleryImages.id })
      .from(galleryImages)
      .where(eq(galleryImages.providerId, ids.provider))
  )[0]!.id;
  await t.blobs.put(`providers/${users.provider}/logo_1.jpg`, jpeg(2, 2), "image/jpeg");
}

/** The cases of one run: `chunks` × `size`, each chunk against a fresh fixture. */
async function* fuzzCases(seed: number, chunks: number, size: number): AsyncGenerator<Case> {
  for (let i = 0; i < chunks; i++) {
    await freshFixture();
    yield* makeCases(size, seed + i);
  }
}

afterAll(async () => {
  await t?.close();
  console.log(
    `[fuzz] ${summary.requests} requests over ${summary.families.size} route families; statuses ${JSON.stringify(
      Object.fromEntries([...summary.statuses].sort(([a], [b]) => a - b)),
    )}`,
  );
});

/** `/api/admin`, `/api/auth`, `/media`, `/pk`, …: what the summary counts. */
function family(template: string): string {
  const [, a = "", b = ""] = template.split("/");
  return a === "api" ? `/api/${b}` : `/${a}`;
}

async function cookieFor(role: Case["role"]): Promise<string | undefined> {
  if (role === "anonymous") return undefined;
  // A fresh session each time: a fuzzed sign-out (or sign out everywhere) must not end the run.
  const { token } = await createSession(t.db, users[role], new Date());
  return `karkhana_session=${token}`;
}

function describeCase(c: Case): string {
  const body =
    c.body === undefined
      ? ""
      : ` body=${typeof c.body === "string" ? JSON.stringify(c.body.slice(0, 200)) : `bytes(${c.body.length})`}`;
  return `${c.role} ${c.method} ${c.path.slice(0, 300)} ${JSON.stringify(
    Object.fromEntries(Object.entries(c.headers).map(([k, v]) => [k, v.slice(0, 80)])),
  )}${body}`;
}

describe("malformed requests", () => {
  it("never answer 500, and /api errors are always JSON { error } (the app)", async () => {
    const failures: string[] = [];
    for await (const c of fuzzCases(11, 8, 500)) {
      const cookie = c.headers.Cookie ?? (await cookieFor(c.role));
      let res: Response;
      try {
        res = await t.app.request(c.path, {
          method: c.method,
          headers: { ...c.headers, ...(cookie ? { Cookie: cookie } : {}) },
          ...(c.body === undefined ? {} : { body: c.body }),
        });
      } catch (err) {
        failures.push(`threw ${(err as Error).message}: ${describeCase(c)}`);
        continue;
      }
      summary.requests++;
      summary.families.add(c.family);
      summary.statuses.set(res.status, (summary.statuses.get(res.status) ?? 0) + 1);
      const text = await res.text();
      if (res.status >= 500 && res.status !== 503) {
        failures.push(`${res.status} ${text.slice(0, 120)}: ${describeCase(c)}`);
        continue;
      }
      const path = new URL(`http://localhost${c.path}`).pathname;
      const isApi = path === "/api" || path.startsWith("/api/");
      if (isApi && res.status >= 400 && c.method.toUpperCase() !== "HEAD") {
        let json: unknown = null;
        try {
          json = JSON.parse(text);
        } catch {
          // reported below
        }
        const ok =
          res.headers.get("content-type")?.startsWith("application/json") &&
          typeof (json as { error?: unknown } | null)?.error === "string";
        if (!ok)
          failures.push(
            `${res.status} not JSON {error} (${text.slice(0, 80)}): ${describeCase(c)}`,
          );
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
  }, 300_000);
});

describe("malformed requests through the Node server's handler", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "karkhana-fuzz-site-"));
    // A file next to the site that no URL may reach.
    await writeFile(join(root, "secret.txt"), "TOP SECRET");
    await mkdir(join(root, "site", "_astro"), { recursive: true });
    await mkdir(join(root, "site", "pk", "lahore"), { recursive: true });
    await writeFile(join(root, "site", "index.html"), "<!doctype html><title>home</title>");
    await writeFile(join(root, "site", "pk", "lahore", "index.html"), "<!doctype html>lahore");
    await writeFile(join(root, "site", "_astro", "a.css"), "body{}");
    await writeFile(join(root, "site", "_headers"), "/*\n  X-Secret: 1\n");
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("never answer 500 and never serve a file outside the site", async () => {
    const failures: string[] = [];
    for await (const c of fuzzCases(29, 3, 500)) {
      const handler = nodeHandler(new SiteRoot(join(root, "site")), t.app, {
        siteUrl: "https://karkhana.example",
      });
      let res: Response;
      try {
        res = await handler.request(c.path, {
          method: c.method,
          headers: c.headers,
          ...(c.body === undefined ? {} : { body: c.body }),
        });
      } catch (err) {
        failures.push(`threw ${(err as Error).message}: ${describeCase(c)}`);
        continue;
      }
      summary.requests++;
      summary.families.add(c.family);
      summary.statuses.set(res.status, (summary.statuses.get(res.status) ?? 0) + 1);
      const text = await res.text();
      if (res.status >= 500 && res.status !== 503) {
        failures.push(`${res.status} ${text.slice(0, 120)}: ${describeCase(c)}`);
      }
      if (text.includes("TOP SECRET") || text.includes("X-Secret")) {
        failures.push(`served a file outside the site: ${describeCase(c)}`);
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
  }, 300_000);
});
