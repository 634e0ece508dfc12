import { rmSync } from "node:fs";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import { openDb } from "../../../db/client.ts";
import { hashPassword } from "../../../src/lib/password-hash.ts";
import {
  galleryImages,
  leads,
  providerSuggestions,
  serviceCategories,
  services,
  sessions,
  users as usersTable,
} from "../../../db/schema.ts";
import { SEED_CATEGORIES } from "../../../db/seed/categories.ts";
import { createProvider, createUser } from "../../../db/seed/factories.ts";
import { createSession } from "../../../functions/auth/session.ts";
import { hashToken } from "../../../functions/auth/tokens.ts";
import { makeTestApp, type TestApp } from "../../helpers/app.ts";
import { jpeg } from "../../helpers/images.ts";

/** The callers every operation is tried with. */
export const ROLES = ["anonymous", "customer", "provider", "provider2", "admin"] as const;
export type Role = (typeof ROLES)[number];
export type Account = Exclude<Role, "anonymous">;

/** Passwords of the fixture's accounts, so a generated sign-in can succeed. */
export const PASSWORD = "Fuzz-correct-horse-7";

/** Kinds of object a path parameter can name, with the fixture's rows of each. */
export type Kind =
  | "provider"
  | "service"
  | "gallery"
  | "category"
  | "suggestion"
  | "user"
  | "session"
  | "uploadKey"
  | "lead"
  | "mediaFile";

export interface World {
  t: TestApp;
  users: Record<Account, { id: string; email: string }>;
  /** Real ids per kind: the owner's, the other provider's, unowned ones. */
  pools: Record<Kind, string[]>;
  /** The provider profile of each provider account. */
  profileOf: { provider: string; provider2: string };
  /** A session cookie for `role` (made again when a request ended the previous one). */
  cookie(role: Role): Promise<string | undefined>;
  /** How many sessions `cookie` made: a fixture write the harness's cached snapshot must see. */
  readonly sessionsMade: number;
  /** The app's clock (the fuzz moves it forward so per-account throttles refill). */
  now(): Date;
  close(): Promise<void>;
}

/** The private photo's file name (decision 030), under the customer's leads/ and claims/. */
const MEDIA_FILE = "7_fuzz.jpg";

let passwordHash: string | undefined;

interface Template {
  file: string;
  users: World["users"];
  pools: World["pools"];
  profileOf: World["profileOf"];
}
let template: Promise<Template> | undefined;

/**
 * The fixture's rows, written once per process into a database file that
 * every world copies: migrating and filling a database costs a second, a
 * copy a few milliseconds.
 */
async function buildTemplate(): Promise<Template> {
  const t = await makeTestApp({ providers: 2 });
  const users = {} as World["users"];
  for (const [role, dbRole] of [
    ["customer", "customer"],
    ["provider", "provider"],
    ["provider2", "provider"],
    ["admin", "admin"],
  ] as const) {
    const email = `${role}@fuzz.example.pk`;
    const id = await createUser(t.db, { email, role: dbRole });
    // One scrypt hash for every account: hashing is the slow part of a sign-in.
    passwordHash ??= await hashPassword(PASSWORD);
    await t.db.update(usersTable).set({ passwordHash }).where(eq(usersTable.id, id));
    users[role] = { id, email };
  }
  const cat = SEED_CATEGORIES.map((c) => c.id);
  const profileOf = { provider: "", provider2: "" };
  for (const who of ["provider", "provider2"] as const) {
    const id = crypto.randomUUID();
    profileOf[who] = id;
    await createProvider(t.db, {
      id,
      companyName: who === "provider" ? "Owned Works" : "Rival Works",
      city: who === "provider" ? "Lahore" : "Karachi",
      userId: users[who].id,
      services: [0, 1, 2].map((i) => ({
        categoryId: cat[i]!,
        name: `${who} service ${i}`,
        pricePkr: 1000 * (i + 1),
      })),
      gallery: [0, 1, 2].map((i) => `/media/providers/${users[who].id}/gallery/${i}_a.jpg`),
    });
  }
  const unowned = await createProvider(t.db, {
    companyName: "Unclaimed Works",
    city: "Multan",
    services: [{ categoryId: cat[0]!, name: "unclaimed service", pricePkr: 500 }],
  });
  const suggestionIds: string[] = [];
  for (const n of [1, 2]) {
    const id = crypto.randomUUID();
    suggestionIds.push(id);
    await t.db.insert(providerSuggestions).values({
      id,
      name: `Suggested Works ${n}`,
      city: "Lahore",
      categoryIds: [cat[0]!],
      contact: "0300 1234567",
    });
  }
  const extraCategory = crypto.randomUUID();
  await t.db
    .insert(serviceCategories)
    .values({ id: extraCategory, name: "Fuzz category", slug: "fuzz-category" });
  const spareUser = await createUser(t.db, { email: "spare@fuzz.example.pk" });
  // Quote requests: the customer's to each provider, one provider's to the other, and one
  // held and one reported for the admin's review.
  const leadIds: string[] = [];
  for (const [providerId, customerId, state] of [
    // The first carries a private photo (decision 030): its parties may fetch it.
    [
      profileOf.provider,
      users.customer.id,
      { photos: [`/api/media/leads/${users.customer.id}/${MEDIA_FILE}`] as string[] },
    ],
    [profileOf.provider2, users.customer.id, {}],
    [profileOf.provider, users.provider2.id, {}],
    [profileOf.provider2, users.customer.id, { reviewState: "held" as const }],
    [profileOf.provider, users.customer.id, { reportedAt: new Date() }],
  ] as const) {
    const id = crypto.randomUUID();
    leadIds.push(id);
    await t.db.insert(leads).values({
      id,
      providerId,
      customerId,
      need: "Fuzz request: 20 steel brackets, galvanised",
      city: "Lahore",
      needHash: id,
      lastMessageAt: new Date(),
      ...state,
    });
  }
  const providerIds = [profileOf.provider, profileOf.provider2, unowned];
  const svc = await t.db
    .select({ id: services.id })
    .from(services)
    .where(inArray(services.providerId, providerIds));
  const gal = await t.db
    .select({ id: galleryImages.id })
    .from(galleryImages)
    .where(inArray(galleryImages.providerId, providerIds));
  const pools: World["pools"] = {
    provider: providerIds,
    service: svc.map((r) => r.id),
    gallery: gal.map((r) => r.id),
    category: [cat[0]!, cat[1]!, extraCategory],
    suggestion: suggestionIds,
    user: [...Object.values(users).map((u) => u.id), spareUser],
    session: [],
    lead: leadIds,
    mediaFile: [MEDIA_FILE, "1_missing.jpg"],
    uploadKey: (["provider", "provider2"] as const).flatMap((who) => {
      const id = users[who].id;
      return [`providers/${id}/cover_2.jpg`, `providers/${id}/gallery/5_c.jpg`];
    }),
  };
  const dir = await mkdtemp(join(tmpdir(), "karkhana-fuzz-template-"));
  const file = join(dir, "template.db");
  // A consistent copy of the whole database in one file, whatever the journal mode.
  await t.db.$client.execute({ sql: "VACUUM INTO ?", args: [file] });
  await t.close();
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  return { file, users, pools, profileOf };
}

/**
 * A fresh app and database: two providers with owner accounts (so one can try
 * the other's objects), a customer, an admin, an unowned provider,
 * suggestions, an extra category, uploaded images and a spare user. Every
 * operation gets its own world: the admin's fuzzed deletes and role changes
 * must not starve the next operation of real targets.
 */
export async function makeWorld(): Promise<World> {
  const tpl = await (template ??= buildTemplate());
  const dir = await mkdtemp(join(tmpdir(), "karkhana-fuzz-"));
  const file = join(dir, "world.db");
  await copyFile(tpl.file, file);
  const t = await makeTestApp({ db: await openDb({ url: `file:${file}` }) });
  const now = () => new Date(Date.now() + t.clockOffset.ms);
  const { users, profileOf } = tpl;
  const pools: World["pools"] = { ...tpl.pools, session: [] };
  for (const folder of ["leads", "claims"]) {
    await t.blobs.put(`${folder}/${users.customer.id}/${MEDIA_FILE}`, jpeg(2, 2), "image/jpeg");
  }
  for (const who of ["provider", "provider2"] as const) {
    for (const name of ["cover_1.jpg", "logo_1.jpg", "gallery/9_b.jpg"]) {
      await t.blobs.put(`providers/${users[who].id}/${name}`, jpeg(2, 2), "image/jpeg");
    }
  }

  const tokens = new Map<Role, string>();
  let sessionsMade = 0;
  async function cookie(role: Role): Promise<string | undefined> {
    if (role === "anonymous") return undefined;
    const token = tokens.get(role);
    if (token) {
      const [row] = await t.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.id, hashToken(token)));
      if (row) return `karkhana_session=${token}`;
    }
    const fresh = await createSession(t.db, users[role].id, now());
    sessionsMade++;
    tokens.set(role, fresh.token);
    const [row] = await t.db
      .select({ publicId: sessions.publicId })
      .from(sessions)
      .where(eq(sessions.id, hashToken(fresh.token)));
    if (row) pools.session.push(row.publicId);
    return `karkhana_session=${fresh.token}`;
  }

  return {
    t,
    users,
    pools,
    profileOf,
    cookie,
    get sessionsMade() {
      return sessionsMade;
    },
    now,
    async close() {
      await t.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
