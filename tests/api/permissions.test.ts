import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  galleryImages,
  leads,
  listingClaims,
  listingEdits,
  providerSuggestions,
  serviceCategories,
  services,
} from "../../db/schema.ts";
import { SEED_CATEGORIES } from "../../db/seed/categories.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { createEmailToken } from "../../functions/auth/accounts.ts";
import { createSession } from "../../functions/auth/session.ts";
import { generateToken, hashToken } from "../../functions/auth/tokens.ts";
import { FORM_PAGES } from "../../src/lib/auth-paths.ts";
import { makeTestApp, SITE, type TestApp } from "../helpers/app.ts";
import { jpeg } from "../helpers/images.ts";

/**
 * Every /api route with every kind of caller. A new route must be added here:
 * the last test fails when the app has a route this table does not cover.
 */
const ROLES = ["anonymous", "customer", "provider", "provider2", "admin"] as const;
type Who = (typeof ROLES)[number];

let t: TestApp;
const ids: Record<string, string> = {};
const cookies: Partial<Record<Who, () => Promise<string>>> = {};

beforeAll(async () => {
  t = await makeTestApp();
  const users: Record<Exclude<Who, "anonymous">, string> = {
    customer: await createUser(t.db, { email: "c@example.pk", role: "customer" }),
    provider: await createUser(t.db, { email: "p@example.pk", role: "provider" }),
    provider2: await createUser(t.db, { email: "p2@example.pk", role: "provider" }),
    admin: await createUser(t.db, { email: "a@example.pk", role: "admin" }),
  };
  ids.provider = crypto.randomUUID();
  await createProvider(t.db, {
    id: ids.provider,
    companyName: "Owned Works",
    city: "Lahore",
    userId: users.provider,
    // One service and one gallery image per caller, for the rows that delete them.
    services: ROLES.map((who) => ({
      categoryId: SEED_CATEGORIES[0]!.id,
      name: `Thing ${who}`,
      pricePkr: 10,
    })),
    gallery: ROLES.map((who) => `/media/providers/${ids.provider}/gallery/1_${who}.jpg`),
  });
  const svc = await t.db.select().from(services).where(eq(services.providerId, ids.provider));
  for (const s of svc) ids[`service ${s.name.replace("Thing ", "")}`] = s.id;
  const gal = await t.db
    .select()
    .from(galleryImages)
    .where(eq(galleryImages.providerId, ids.provider));
  for (const g of gal) ids[`image ${g.imageUrl.replace(/^.*\/1_|\.jpg$/g, "")}`] = g.id;
  for (const who of ROLES) {
    // Uploaded but not yet in the gallery: what POST /api/providers/gallery attaches.
    await t.blobs.put(galleryKey(`2_${who}.jpg`), jpeg(), "image/jpeg");
  }
  // Pending sign-ups whose confirmation links name them and remove them: one per caller.
  for (const who of ROLES) {
    const pending = await createUser(t.db, {
      email: `pending-${who}@example.pk`,
      confirmed: false,
    });
    ids[`confirm ${who}`] = await createEmailToken(t.db, pending, "confirm_email", new Date());
  }
  // Admin rows: suggestions to approve and reject, categories to edit and delete.
  for (const kind of ["approve", "reject"]) {
    ids[`suggestion ${kind}`] = crypto.randomUUID();
    await t.db.insert(providerSuggestions).values({
      id: ids[`suggestion ${kind}`]!,
      name: `Matrix ${kind}`,
      city: "Lahore",
      categoryIds: [SEED_CATEGORIES[0]!.id],
      contact: "0300 1234567",
    });
  }
  for (const key of ["edit", ...ROLES.map((who) => `delete ${who}`)]) {
    ids[`category ${key}`] = crypto.randomUUID();
    await t.db.insert(serviceCategories).values({
      id: ids[`category ${key}`]!,
      name: `Matrix category ${key}`,
      slug: `matrix-category-${key.replace(" ", "-")}`,
    });
  }
  // User and provider management: a user whose role changes, a
  // provider to edit, toggle and change services of, and one to delete.
  ids["user target"] = await createUser(t.db, { email: "target@example.pk" });
  ids["admin provider"] = await createProvider(t.db, {
    companyName: "Managed Works",
    city: "Karachi",
    services: [{ categoryId: SEED_CATEGORIES[0]!.id, name: "Managed", pricePkr: 1 }],
  });
  const [managed] = await t.db
    .select()
    .from(services)
    .where(eq(services.providerId, ids["admin provider"]));
  ids["admin service"] = managed!.id;
  ids["admin delete"] = await createProvider(t.db, { companyName: "Deleted Works" });
  // Quote requests from the customer to the owned provider: a thread to read and write in,
  // one to report, and held and reported ones for the admin's review.
  for (const [key, state] of [
    ["lead", {}],
    ["lead report", {}],
    ["lead held", { reviewState: "held" as const }],
    ["lead remove", { reviewState: "held" as const }],
    ["lead dismiss", { reportedAt: new Date() }],
  ] as const) {
    const id = crypto.randomUUID();
    ids[key] = id;
    await t.db.insert(leads).values({
      id,
      providerId: ids.provider,
      customerId: users.customer,
      need: `Matrix ${key}: 20 steel brackets, galvanised`,
      city: "Lahore",
      needHash: key,
      lastMessageAt: new Date(),
      ...state,
    });
  }
  // Private media (decision 030): a photo on the customer's thread, and a claim's proof.
  ids["lead photo"] = `leads/${users.customer}/5_matrix.jpg`;
  await t.blobs.put(ids["lead photo"], jpeg(), "image/jpeg");
  await t.db
    .update(leads)
    .set({ photos: [`/api/media/${ids["lead photo"]}`] })
    .where(eq(leads.id, ids.lead!));
  ids["claim photo"] = `claims/${users.customer}/5_matrix.jpg`;
  await t.blobs.put(ids["claim photo"], jpeg(), "image/jpeg");
  // Listing claims: an unclaimed listing with an email on file and one without, a link past
  // its day, evidence claims to approve and reject, an owned listing to detach.
  ids["claim mail listing"] = await createProvider(t.db, {
    companyName: "Claimable Works",
    city: "Lahore",
    email: "owner@claimable.pk",
    isSuggested: true,
  });
  ids["claim evidence listing"] = await createProvider(t.db, {
    companyName: "Unmailed Works",
    city: "Lahore",
  });
  ids["claim token"] = generateToken();
  await t.db.insert(listingClaims).values({
    id: crypto.randomUUID(),
    providerId: ids["claim mail listing"],
    userId: await createUser(t.db, { email: "claimant@example.pk" }),
    method: "email",
    tokenHash: hashToken(ids["claim token"]),
    sentTo: "owner@claimable.pk",
    // Past its day: a live one would hand the listing to the first caller to try it.
    expiresAt: new Date(Date.now() - 60_000),
  });
  for (const kind of ["approve", "reject"]) {
    ids[`claim ${kind}`] = crypto.randomUUID();
    await t.db.insert(listingClaims).values({
      id: ids[`claim ${kind}`]!,
      providerId: await createProvider(t.db, { companyName: `Claim ${kind} Works` }),
      userId: await createUser(t.db, { email: `claim-${kind}@example.pk` }),
      method: "evidence",
      phone: "+923001234567",
    });
  }
  ids["claim detach"] = await createProvider(t.db, {
    companyName: "Left Works",
    userId: await createUser(t.db, { email: "left@example.pk", role: "provider" }),
  });
  // Suggested edits (decision 025): harmless ones, for the owner's and the admins' decisions.
  for (const [key, providerId, field, value] of [
    ["edit owner accept", ids.provider, "website", "https://owned.example.pk"],
    ["edit owner reject", ids.provider, "email", "owned@example.pk"],
    ["edit admin accept", ids["admin provider"], "website", "https://managed.example.pk"],
    ["edit admin reject", ids["admin provider"], "email", "managed@example.pk"],
  ] as const) {
    ids[key] = crypto.randomUUID();
    await t.db.insert(listingEdits).values({
      id: ids[key],
      providerId,
      userId: users.customer,
      field,
      value,
    });
  }
  // Accepted changes of categories to undo (decision 029), one for the owner, one for the admins.
  for (const [key, providerId] of [
    ["edit owner undo", ids.provider],
    ["edit admin undo", ids["admin provider"]],
  ] as const) {
    ids[key] = crypto.randomUUID();
    await t.db.insert(listingEdits).values({
      id: ids[key],
      providerId,
      userId: users.customer,
      field: "categories",
      value: [SEED_CATEGORIES[0]!.id],
      status: "accepted",
      decidedAt: new Date(),
      undo: { removed: [], added: [] },
    });
  }
  for (const [who, userId] of Object.entries(users)) ids[`user ${who}`] = userId;
  for (const [who, userId] of Object.entries(users)) {
    // Log in through the database (a fresh session per request: sign-out ends one).
    cookies[who as Who] = async () => {
      const { token } = await createSession(t.db, userId, new Date());
      return `karkhana_session=${token}`;
    };
  }
});
afterAll(() => t.close());

const galleryKey = (name: string) => `providers/${ids.provider}/gallery/${name}`;

/** A JSON object, the raw bytes of an upload, or the fields of a page's form. */
type Body = Record<string, unknown> | Uint8Array<ArrayBuffer> | URLSearchParams;

interface Row {
  method: "GET" | "POST" | "DELETE" | "PUT" | "PATCH";
  /** Path as registered in the app (with :params). */
  route: string;
  /** Gets the caller, so rows that delete give each caller its own target. */
  path: (who: Who) => string;
  /**
   * A function gets the caller, so per-email throttles do not mix the rows up.
   * Bytes are sent raw (uploads), form fields as a form POST, anything else as JSON.
   */
  body?: Body | ((who: Who) => Body);
  expect: Record<Who, number>;
}

const all = (status: number): Record<Who, number> => ({
  anonymous: status,
  customer: status,
  provider: status,
  provider2: status,
  admin: status,
});
const signedIn = (status: number): Record<Who, number> => ({ ...all(status), anonymous: 401 });
/** The owner ("provider") and admins may; anyone else signed in gets 403. */
const ownerOrAdmin = (status: number): Record<Who, number> => ({
  anonymous: 401,
  customer: 403,
  provider: status,
  provider2: 403,
  admin: status,
});

/** Admins only: 401 signed out, 403 for everyone else. */
const adminOnly = (status: number): Record<Who, number> => ({
  anonymous: 401,
  customer: 403,
  provider: 403,
  provider2: 403,
  admin: status,
});

const MATRIX: Row[] = [
  { method: "GET", route: "/api/health", path: () => "/api/health", expect: all(200) },
  {
    method: "GET",
    route: "/api/service-categories",
    path: () => "/api/service-categories",
    expect: all(200),
  },
  { method: "GET", route: "/api/providers", path: () => "/api/providers", expect: all(200) },
  {
    method: "GET",
    route: "/api/search/suggestions",
    path: () => "/api/search/suggestions?search=drazi",
    expect: all(200),
  },
  {
    method: "GET",
    route: "/api/providers/:id",
    path: () => `/api/providers/${ids.provider}`,
    expect: all(200),
  },
  {
    method: "GET",
    route: "/api/providers/:id/services",
    path: () => `/api/providers/${ids.provider}/services`,
    expect: all(200),
  },
  {
    method: "GET",
    route: "/api/providers/:id/gallery",
    path: () => `/api/providers/${ids.provider}/gallery`,
    expect: all(200),
  },
  { method: "GET", route: "/api/auth/user", path: () => "/api/auth/user", expect: signedIn(200) },
  {
    method: "POST",
    route: "/api/auth/signout",
    path: () => "/api/auth/signout",
    body: {},
    expect: all(200),
  },
  {
    method: "POST",
    route: "/api/auth/signin",
    path: () => "/api/auth/signin",
    body: { email: "nobody@example.pk", password: "whatever-123" },
    expect: all(401),
  },
  {
    method: "POST",
    route: "/api/auth/signup",
    path: () => "/api/auth/signup",
    body: { email: "x" },
    expect: all(400),
  },
  {
    method: "POST",
    route: "/api/auth/resend-confirmation",
    path: () => "/api/auth/resend-confirmation",
    body: (who: Who) => ({ email: `nobody-${who}@example.pk` }),
    expect: all(200),
  },
  {
    method: "GET",
    route: "/api/auth/confirm",
    path: () => "/api/auth/confirm?token=nope",
    expect: all(302),
  },
  // Account recovery and session control.
  {
    method: "POST",
    route: "/api/auth/confirm",
    path: () => "/api/auth/confirm",
    body: { token: "nope" },
    expect: all(400),
  },
  {
    // Anyone holding the link (the mailbox's owner), signed in or not, as anyone else.
    method: "POST",
    route: "/api/auth/confirm/details",
    path: () => "/api/auth/confirm/details",
    body: (who: Who) => ({ token: ids[`confirm ${who}`] }),
    expect: all(200),
  },
  {
    method: "POST",
    route: "/api/auth/confirm/decline",
    path: () => "/api/auth/confirm/decline",
    body: (who: Who) => ({ token: ids[`confirm ${who}`] }),
    expect: all(200),
  },
  {
    method: "POST",
    route: "/api/auth/forgot-password",
    path: () => "/api/auth/forgot-password",
    body: (who: Who) => ({ email: `nobody-forgot-${who}@example.pk` }),
    expect: all(200),
  },
  {
    method: "POST",
    route: "/api/auth/reset-password",
    path: () => "/api/auth/reset-password",
    body: { token: "nope", password: "a fine passphrase" },
    expect: all(400),
  },
  {
    // The matrix's users have no password (Google-only): 400 "use Forgot password".
    method: "POST",
    route: "/api/auth/change-password",
    path: () => "/api/auth/change-password",
    body: { currentPassword: "whatever-123", newPassword: "a fine passphrase" },
    expect: signedIn(400),
  },
  {
    method: "GET",
    route: "/api/auth/sessions",
    path: () => "/api/auth/sessions",
    expect: signedIn(200),
  },
  {
    // Nobody's session: 404 for everyone signed in (account.test.ts covers the owner's 200).
    method: "DELETE",
    route: "/api/auth/sessions/:id",
    path: () => "/api/auth/sessions/0123456789abcdef01234567",
    expect: signedIn(404),
  },
  {
    method: "POST",
    route: "/api/auth/signout-everywhere",
    path: () => "/api/auth/signout-everywhere",
    body: {},
    expect: signedIn(200),
  },
  {
    method: "POST",
    route: "/api/auth/oauth",
    path: () => "/api/auth/oauth",
    body: { provider: "google" },
    expect: all(503),
  },
  {
    method: "GET",
    route: "/api/auth/callback/google",
    path: () => "/api/auth/callback/google?state=x&code=y",
    expect: all(302),
  },
  {
    method: "POST",
    route: "/api/auth/hash-callback",
    path: () => "/api/auth/hash-callback",
    body: { accessToken: "token" },
    expect: all(410),
  },
  { method: "GET", route: "/api/favorites", path: () => "/api/favorites", expect: signedIn(200) },
  {
    method: "GET",
    route: "/api/favorites/:providerId/check",
    path: () => `/api/favorites/${ids.provider}/check`,
    expect: signedIn(200),
  },
  {
    method: "POST",
    route: "/api/favorites/:providerId",
    path: () => `/api/favorites/${ids.provider}`,
    body: {},
    expect: signedIn(200),
  },
  {
    method: "DELETE",
    route: "/api/favorites/:providerId",
    path: () => `/api/favorites/${ids.provider}`,
    expect: signedIn(200),
  },
  // Provider self-service. "provider" owns ids.provider; the others have none.
  {
    method: "GET",
    route: "/api/my-provider",
    path: () => "/api/my-provider",
    expect: { anonymous: 401, customer: 404, provider: 200, provider2: 404, admin: 404 },
  },
  // Analytics: anyone may send a beacon; only the owner reads its figures, admins the directory's.
  {
    method: "POST",
    route: "/api/events",
    path: () => "/api/events",
    body: () => ({ event: "view", providerId: ids.provider }),
    expect: all(204),
  },
  {
    method: "GET",
    route: "/api/my-provider/insights",
    path: () => "/api/my-provider/insights?days=30",
    expect: { anonymous: 401, customer: 404, provider: 200, provider2: 404, admin: 404 },
  },
  {
    method: "GET",
    route: "/api/my-provider/insights/csv",
    path: () => "/api/my-provider/insights/csv?days=90",
    expect: { anonymous: 401, customer: 404, provider: 200, provider2: 404, admin: 404 },
  },
  {
    method: "GET",
    route: "/api/admin/insights",
    path: () => "/api/admin/insights?days=30",
    expect: adminOnly(200),
  },
  {
    method: "PUT",
    route: "/api/providers/:id",
    path: () => `/api/providers/${ids.provider}`,
    body: { responseTime: "1 day" },
    expect: ownerOrAdmin(200),
  },
  {
    method: "POST",
    route: "/api/services",
    path: () => "/api/services",
    body: (who: Who) => ({
      providerId: ids.provider,
      categoryId: SEED_CATEGORIES[1]!.id,
      name: `Added by ${who}`,
      pricePkr: 5,
    }),
    expect: ownerOrAdmin(201),
  },
  {
    method: "PATCH",
    route: "/api/services/:id",
    path: () => `/api/services/${ids["service anonymous"]}`,
    body: { pricePkr: 20 },
    expect: ownerOrAdmin(200),
  },
  {
    method: "DELETE",
    route: "/api/services/:id",
    path: (who) => `/api/services/${ids[`service ${who}`]}`,
    expect: ownerOrAdmin(200),
  },
  {
    method: "POST",
    route: "/api/providers/gallery",
    path: () => "/api/providers/gallery",
    body: (who: Who) => ({
      imageUrl: `/media/${galleryKey(`2_${who}.jpg`)}`,
      providerId: ids.provider,
    }),
    expect: ownerOrAdmin(201),
  },
  {
    method: "DELETE",
    route: "/api/providers/gallery/:id",
    path: (who) => `/api/providers/gallery/${ids[`image ${who}`]}`,
    expect: ownerOrAdmin(200),
  },
  {
    method: "POST",
    route: "/api/uploads/file",
    path: (who) => `/api/uploads/file?key=${galleryKey(`3_${who}.jpg`)}&contentType=image/jpeg`,
    body: () => jpeg(),
    expect: ownerOrAdmin(200),
  },
  {
    method: "POST",
    route: "/api/suggestions/providers",
    path: () => "/api/suggestions/providers",
    body: (who: Who) => ({
      name: `Suggested by ${who}`,
      city: "Lahore",
      categoryIds: [SEED_CATEGORIES[0]!.id],
      contact: "0300 1234567",
    }),
    expect: all(201),
  },
  // Admin.
  {
    method: "GET",
    route: "/api/admin/stats",
    path: () => "/api/admin/stats",
    expect: adminOnly(200),
  },
  {
    method: "GET",
    route: "/api/admin/audit",
    path: () => "/api/admin/audit?limit=5",
    expect: adminOnly(200),
  },
  {
    method: "GET",
    route: "/api/admin/suggestions",
    path: () => "/api/admin/suggestions?status=all",
    expect: adminOnly(200),
  },
  {
    method: "POST",
    route: "/api/admin/suggestions/:id/approve",
    path: () => `/api/admin/suggestions/${ids["suggestion approve"]}/approve`,
    body: { phone: "0300 7654321" },
    expect: adminOnly(200),
  },
  {
    method: "POST",
    route: "/api/admin/suggestions/:id/reject",
    path: () => `/api/admin/suggestions/${ids["suggestion reject"]}/reject`,
    body: {},
    expect: adminOnly(200),
  },
  {
    method: "POST",
    route: "/api/service-categories",
    path: () => "/api/service-categories",
    body: (who: Who) => ({ name: `Matrix created by ${who}` }),
    expect: adminOnly(201),
  },
  {
    method: "PATCH",
    route: "/api/service-categories/:id",
    path: () => `/api/service-categories/${ids["category edit"]}`,
    body: { description: "Edited" },
    expect: adminOnly(200),
  },
  {
    method: "DELETE",
    route: "/api/service-categories/:id",
    path: (who) => `/api/service-categories/${ids[`category delete ${who}`]}`,
    expect: adminOnly(200),
  },
  {
    method: "GET",
    route: "/api/admin/users",
    path: () => "/api/admin/users?q=example&page=1&limit=5",
    expect: adminOnly(200),
  },
  {
    method: "PATCH",
    route: "/api/admin/users/:id",
    path: () => `/api/admin/users/${ids["user target"]}`,
    body: { role: "provider" },
    expect: adminOnly(200),
  },
  {
    method: "GET",
    route: "/api/admin/providers",
    path: () => "/api/admin/providers?q=works&status=all",
    expect: adminOnly(200),
  },
  {
    method: "POST",
    route: "/api/admin/providers",
    path: () => "/api/admin/providers",
    body: (who: Who) => ({
      companyName: `Added by admin for ${who}`,
      location: "Lahore",
      categoryIds: [SEED_CATEGORIES[0]!.id],
    }),
    expect: adminOnly(201),
  },
  {
    method: "PATCH",
    route: "/api/admin/providers/:id/details",
    path: () => `/api/admin/providers/${ids["admin provider"]}/details`,
    body: { description: "Edited by an admin" },
    expect: adminOnly(200),
  },
  {
    method: "PATCH",
    route: "/api/admin/providers/:id",
    path: () => `/api/admin/providers/${ids["admin provider"]}`,
    body: { is_verified: true },
    expect: adminOnly(200),
  },
  {
    method: "POST",
    route: "/api/admin/providers/:id/services",
    path: () => `/api/admin/providers/${ids["admin provider"]}/services`,
    body: { categoryId: SEED_CATEGORIES[1]!.id },
    expect: adminOnly(201),
  },
  {
    method: "DELETE",
    route: "/api/admin/providers/:id/services/:serviceId",
    path: () => `/api/admin/providers/${ids["admin provider"]}/services/${ids["admin service"]}`,
    expect: adminOnly(200),
  },
  {
    method: "DELETE",
    route: "/api/admin/providers/:id",
    path: () => `/api/admin/providers/${ids["admin delete"]}`,
    expect: adminOnly(200),
  },
  {
    // A quote request's photo: anyone signed in, into their own leads/ folder.
    method: "POST",
    route: "/api/uploads/file",
    path: (who) => `/api/uploads/file?key=leads/${ids[`user ${who}`]}/4_photo.jpg`,
    body: () => jpeg(),
    expect: signedIn(200),
  },
  // Private media: the thread's parties and admins; a claim's proof, its requester and admins.
  {
    method: "GET",
    route: "/api/media/:folder/:userId/:file",
    path: () => `/api/media/${ids["lead photo"]}`,
    expect: { anonymous: 401, customer: 200, provider: 200, provider2: 404, admin: 200 },
  },
  {
    method: "GET",
    route: "/api/media/:folder/:userId/:file",
    path: () => `/api/media/${ids["claim photo"]}`,
    expect: { anonymous: 401, customer: 200, provider: 404, provider2: 404, admin: 200 },
  },
  // Leads. The customer sent ids.lead to "provider"'s listing; provider2 is a stranger to it.
  {
    method: "POST",
    route: "/api/leads",
    path: () => "/api/leads",
    body: (who: Who) => ({
      providerId: ids.provider,
      need: `Matrix request from ${who}: 20 steel brackets`,
      city: "Lahore",
    }),
    expect: { anonymous: 401, customer: 201, provider: 403, provider2: 201, admin: 201 },
  },
  { method: "GET", route: "/api/leads", path: () => "/api/leads", expect: signedIn(200) },
  {
    method: "GET",
    route: "/api/leads/:id",
    path: () => `/api/leads/${ids.lead}`,
    expect: { anonymous: 401, customer: 200, provider: 200, provider2: 404, admin: 200 },
  },
  {
    method: "POST",
    route: "/api/leads/:id/messages",
    path: () => `/api/leads/${ids.lead}/messages`,
    body: { body: "Hello" },
    expect: { anonymous: 401, customer: 201, provider: 201, provider2: 404, admin: 403 },
  },
  {
    method: "PUT",
    route: "/api/leads/:id/read",
    path: () => `/api/leads/${ids.lead}/read`,
    body: {},
    expect: { anonymous: 401, customer: 200, provider: 200, provider2: 404, admin: 200 },
  },
  {
    method: "PATCH",
    route: "/api/leads/:id/status",
    path: () => `/api/leads/${ids.lead}/status`,
    body: { status: "won" },
    expect: { anonymous: 401, customer: 403, provider: 200, provider2: 404, admin: 403 },
  },
  {
    method: "POST",
    route: "/api/leads/:id/report",
    path: () => `/api/leads/${ids["lead report"]}/report`,
    body: {},
    expect: { anonymous: 401, customer: 403, provider: 200, provider2: 404, admin: 403 },
  },
  {
    method: "GET",
    route: "/api/my-provider/leads",
    path: () => "/api/my-provider/leads",
    expect: { anonymous: 401, customer: 404, provider: 200, provider2: 404, admin: 404 },
  },
  {
    method: "GET",
    route: "/api/admin/leads",
    path: () => "/api/admin/leads",
    expect: adminOnly(200),
  },
  {
    method: "POST",
    route: "/api/admin/leads/:id/release",
    path: () => `/api/admin/leads/${ids["lead held"]}/release`,
    body: {},
    expect: adminOnly(200),
  },
  {
    method: "POST",
    route: "/api/admin/leads/:id/remove",
    path: () => `/api/admin/leads/${ids["lead remove"]}/remove`,
    body: {},
    expect: adminOnly(200),
  },
  {
    method: "POST",
    route: "/api/admin/leads/:id/dismiss",
    path: () => `/api/admin/leads/${ids["lead dismiss"]}/dismiss`,
    body: {},
    expect: adminOnly(200),
  },
  // Listing claims. "provider" owns a listing already (one per account): 409.
  {
    method: "GET",
    route: "/api/claims/listing/:providerId",
    path: () => `/api/claims/listing/${ids["claim mail listing"]}`,
    expect: signedIn(200),
  },
  {
    method: "POST",
    route: "/api/claims/email",
    path: () => "/api/claims/email",
    body: () => ({ providerId: ids["claim mail listing"] }),
    expect: { anonymous: 401, customer: 202, provider: 409, provider2: 202, admin: 202 },
  },
  {
    // A link past its day: anyone signed in is told so, and nothing changes.
    method: "POST",
    route: "/api/claims/confirm",
    path: () => "/api/claims/confirm",
    body: () => ({ token: ids["claim token"] }),
    expect: signedIn(410),
  },
  {
    method: "POST",
    route: "/api/claims/evidence",
    path: () => "/api/claims/evidence",
    body: () => ({ providerId: ids["claim evidence listing"], phone: "0300 1234567" }),
    expect: { anonymous: 401, customer: 201, provider: 409, provider2: 201, admin: 201 },
  },
  {
    method: "GET",
    route: "/api/admin/claims",
    path: () => "/api/admin/claims?status=pending",
    expect: adminOnly(200),
  },
  {
    method: "POST",
    route: "/api/admin/claims/:id/approve",
    path: () => `/api/admin/claims/${ids["claim approve"]}/approve`,
    body: {},
    expect: adminOnly(200),
  },
  {
    method: "POST",
    route: "/api/admin/claims/:id/reject",
    path: () => `/api/admin/claims/${ids["claim reject"]}/reject`,
    body: { reason: "The phone number does not answer" },
    expect: adminOnly(200),
  },
  {
    method: "POST",
    route: "/api/admin/providers/:id/detach",
    path: () => `/api/admin/providers/${ids["claim detach"]}/detach`,
    body: {},
    expect: adminOnly(200),
  },
  {
    method: "POST",
    route: "/api/admin/providers/:id/confirm-email",
    path: () => `/api/admin/providers/${ids["claim mail listing"]}/confirm-email`,
    body: {},
    expect: adminOnly(200),
  },
  // Suggest an edit: anyone signed in but the owner proposes (each their own field: one
  // pending proposal per field); the owner decides their listing's, admins any.
  {
    method: "POST",
    route: "/api/edits",
    path: () => "/api/edits",
    body: (who: Who) => ({
      providerId: ids.provider,
      proposals: [
        {
          customer: { field: "phone", value: "0300 1234567" },
          provider: { field: "closed" },
          provider2: { field: "location", value: { city: "Karachi", address: "" } },
          admin: { field: "categories", value: [SEED_CATEGORIES[1]!.id] },
          anonymous: { field: "closed" },
        }[who],
      ],
    }),
    expect: { anonymous: 401, customer: 201, provider: 403, provider2: 201, admin: 201 },
  },
  {
    method: "GET",
    route: "/api/my-provider/edits",
    path: () => "/api/my-provider/edits",
    expect: { anonymous: 401, customer: 404, provider: 200, provider2: 404, admin: 404 },
  },
  {
    method: "POST",
    route: "/api/my-provider/edits/:id/accept",
    path: () => `/api/my-provider/edits/${ids["edit owner accept"]}/accept`,
    body: {},
    expect: { anonymous: 401, customer: 404, provider: 200, provider2: 404, admin: 404 },
  },
  {
    method: "POST",
    route: "/api/my-provider/edits/:id/reject",
    path: () => `/api/my-provider/edits/${ids["edit owner reject"]}/reject`,
    body: { reason: "That is not our address" },
    expect: { anonymous: 401, customer: 404, provider: 200, provider2: 404, admin: 404 },
  },
  {
    method: "POST",
    route: "/api/my-provider/edits/:id/undo",
    path: () => `/api/my-provider/edits/${ids["edit owner undo"]}/undo`,
    body: {},
    expect: { anonymous: 401, customer: 404, provider: 200, provider2: 404, admin: 404 },
  },
  {
    method: "GET",
    route: "/api/admin/edits",
    path: () => "/api/admin/edits?status=pending",
    expect: adminOnly(200),
  },
  {
    method: "POST",
    route: "/api/admin/edits/:id/accept",
    path: () => `/api/admin/edits/${ids["edit admin accept"]}/accept`,
    body: {},
    expect: adminOnly(200),
  },
  {
    method: "POST",
    route: "/api/admin/edits/:id/reject",
    path: () => `/api/admin/edits/${ids["edit admin reject"]}/reject`,
    body: { reason: "The listed address is right" },
    expect: adminOnly(200),
  },
  {
    method: "POST",
    route: "/api/admin/edits/:id/undo",
    path: () => `/api/admin/edits/${ids["edit admin undo"]}/undo`,
    body: {},
    expect: adminOnly(200),
  },
  { method: "GET", route: "/api/login", path: () => "/api/login", expect: all(302) },
  // The pages' forms sent before their script ran (decision 027): anyone may post them; the
  // answer is the page again, with the API's status (forms.test.ts covers each outcome).
  ...FORM_PAGES.flatMap((route, page): Row[] => {
    const base = route.replace(/^\/ur/, "");
    if (base === "/forgot-password") {
      return [
        {
          method: "POST",
          route,
          path: () => route,
          body: (who: Who) => new URLSearchParams({ email: `nobody-form-${who}@example.pk` }),
          expect: all(200),
        },
      ];
    }
    const signin = base.endsWith("login");
    return [
      {
        method: "POST",
        route,
        path: () => route,
        // Its own email per page and caller: failed sign-ins back off per email.
        body: (who: Who) =>
          signin
            ? new URLSearchParams({
                mode: "signin",
                email: `nobody-form-${page}-${who}@example.pk`,
                password: "whatever-123",
              })
            : new URLSearchParams({ mode: "signup", email: "x" }),
        expect: all(signin ? 401 : 400),
      },
    ];
  }),
  {
    method: "GET",
    route: "/api/openapi.json",
    path: () => "/api/openapi.json",
    expect: all(200),
  },
  { method: "GET", route: "/api/docs", path: () => "/api/docs", expect: all(200) },
  // Last: creating a profile changes who has one (and the customer's role).
  {
    method: "POST",
    route: "/api/providers",
    path: () => "/api/providers",
    body: (who: Who) => ({ companyName: `Setup by ${who}` }),
    expect: { anonymous: 401, customer: 201, provider: 409, provider2: 201, admin: 201 },
  },
];

describe("permission matrix", () => {
  for (const row of MATRIX) {
    for (const who of ROLES) {
      it(`${row.method} ${row.route} as ${who} → ${row.expect[who]}`, async () => {
        const headers: Record<string, string> = {
          Origin: SITE,
          "x-test-ip": `10.1.${ROLES.indexOf(who)}.1`,
        };
        const cookie = cookies[who];
        if (cookie) headers.Cookie = await cookie();
        const body = typeof row.body === "function" ? row.body(who) : row.body;
        const raw = body instanceof Uint8Array;
        const form = body instanceof URLSearchParams;
        if (body !== undefined) {
          headers["Content-Type"] = raw
            ? "application/octet-stream"
            : form
              ? "application/x-www-form-urlencoded"
              : "application/json";
        }
        const res = await t.app.request(row.path(who), {
          method: row.method,
          headers,
          ...(body === undefined
            ? {}
            : { body: raw ? body : form ? body.toString() : JSON.stringify(body) }),
        });
        expect(res.status).toBe(row.expect[who]);
      });
    }
  }

  it("covers every /api route the app has, and every page that takes a form", () => {
    const registered = new Set(
      t.app.routes
        .filter(
          (r) =>
            r.method !== "ALL" &&
            (r.path.startsWith("/api/") || (r.method !== "GET" && r.method !== "HEAD")),
        )
        .map((r) => `${r.method} ${r.path}`),
    );
    const covered = new Set(MATRIX.map((r) => `${r.method} ${r.route}`));
    expect([...registered].filter((r) => !covered.has(r))).toEqual([]);
  });
});
