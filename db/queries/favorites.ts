import { and, desc, eq } from "drizzle-orm";
import type { ProviderPublic } from "../../src/lib/types.ts";
import type { Db } from "../client.ts";
import { favorites, providers } from "../schema.ts";
import { publicColumns, servicesByProvider, toPublicProvider } from "./providers.ts";

/** A user's favorite providers that are still listed, newest favorite first. */
export async function listFavorites(db: Db, userId: string): Promise<ProviderPublic[]> {
  const rows = await db
    .select(publicColumns)
    .from(favorites)
    .innerJoin(providers, eq(providers.id, favorites.providerId))
    .where(and(eq(favorites.userId, userId), eq(providers.isActive, true)))
    .orderBy(desc(favorites.createdAt), desc(providers.id));
  const svc = await servicesByProvider(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toPublicProvider(r, svc.get(r.id) ?? []));
}

export async function isFavorite(db: Db, userId: string, providerId: string): Promise<boolean> {
  const [row] = await db
    .select({ providerId: favorites.providerId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.providerId, providerId)))
    .limit(1);
  return !!row;
}

/** Idempotent: adding twice keeps one row. */
export async function addFavorite(db: Db, userId: string, providerId: string, now: Date) {
  await db.insert(favorites).values({ userId, providerId, createdAt: now }).onConflictDoNothing();
}

export async function removeFavorite(db: Db, userId: string, providerId: string) {
  await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.providerId, providerId)));
}
