import { and, asc, eq, isNull } from "drizzle-orm";
import { hashPassword } from "../../functions/auth/password.ts";
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
