import { and, asc, eq, isNull } from "drizzle-orm";
import { hashPassword } from "../../src/lib/password-hash.ts";
import type { Db } from "../client.ts";
import { providers, users, type Role } from "../schema.ts";

/**
 * One confirmed demo account per role, for trying the site locally. Created by
 * the demo seed only (never by `--providers N` or in production); the
 * passwords are in the README's local-demo section.
 */
export const DEMO_ACCOUNTS: readonly {
  email: string;
  password: string;
  role: Role;
  firstName: string;
  lastName: string;
}[] = [
  {
    email: "customer@karkhana.example",
    password: "Karkhana-demo-customer-1",
    role: "customer",
    firstName: "Ayesha",
    lastName: "Khan",
  },
  {
    email: "provider@karkhana.example",
    password: "Karkhana-demo-provider-1",
    role: "provider",
    firstName: "Bilal",
    lastName: "Malik",
  },
  {
    email: "admin@karkhana.example",
    password: "Karkhana-demo-admin-1",
    role: "admin",
    firstName: "Sana",
    lastName: "Qureshi",
  },
];

export async function seedDemoAccounts(db: Db): Promise<void> {
  const now = new Date();
  for (const a of DEMO_ACCOUNTS) {
    await db
      .insert(users)
      .values({
        id: crypto.randomUUID(),
        email: a.email,
        firstName: a.firstName,
        lastName: a.lastName,
        role: a.role,
        passwordHash: await hashPassword(a.password),
        emailConfirmedAt: now,
      })
      .onConflictDoNothing();
  }
  // The demo provider account runs the first unclaimed active provider.
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "provider@karkhana.example"))
    .limit(1);
  const [owned] = await db
    .select({ id: providers.id })
    .from(providers)
    .where(eq(providers.userId, owner?.id ?? ""))
    .limit(1);
  if (owner && !owned) {
    const [first] = await db
      .select({ id: providers.id })
      .from(providers)
      .where(and(eq(providers.isActive, true), isNull(providers.userId)))
      .orderBy(asc(providers.createdAt))
      .limit(1);
    if (first)
      await db.update(providers).set({ userId: owner.id }).where(eq(providers.id, first.id));
  }
}

export const FIRST_NAMES = [
  "Ahmed",
  "Fatima",
  "Usman",
  "Zainab",
  "Hamza",
  "Maryam",
  "Imran",
  "Hira",
  "Faisal",
  "Sadia",
  "Kashif",
  "Nadia",
  "Tariq",
  "Rabia",
  "Waqas",
  "Amna",
] as const;
export const LAST_NAMES = [
  "Raza",
  "Siddiqui",
  "Chaudhry",
  "Butt",
  "Sheikh",
  "Awan",
  "Mirza",
  "Javed",
  "Hussain",
] as const;

/** How many sample customers the demo seed adds next to the three demo accounts. */
export const DEMO_CUSTOMER_COUNT = 36;

/**
 * Sample customers, so the admin's user list has pages to search and browse
 * like a live site's. They have no password (nobody signs in as them) and
 * joined over the past months, before the demo accounts.
 */
export async function seedDemoCustomers(
  db: Db,
  count = DEMO_CUSTOMER_COUNT,
  now = new Date(),
): Promise<void> {
  const day = 24 * 60 * 60 * 1000;
  const rows = Array.from({ length: count }, (_, i) => {
    const firstName = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const lastName = LAST_NAMES[(i * 7) % LAST_NAMES.length]!;
    const joined = new Date(now.getTime() - (count - i) * 5 * day);
    return {
      id: crypto.randomUUID(),
      email: `${firstName}.${lastName}.${i + 1}@karkhana.example`.toLowerCase(),
      firstName,
      lastName,
      role: "customer" as const,
      passwordHash: null,
      emailConfirmedAt: joined,
      createdAt: joined,
      updatedAt: joined,
    };
  });
  await db.insert(users).values(rows).onConflictDoNothing();
}
