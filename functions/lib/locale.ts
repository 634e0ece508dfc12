import { and, eq, ne } from "drizzle-orm";
import type { Context } from "hono";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { localeFromAcceptLanguage, type Locale } from "../../src/i18n/locales.ts";

/**
 * The reader's language of a request (decision 022): the islands send their
 * page's language as Accept-Language (src/lib/api.ts), so an answer or a mail
 * a request causes is in the language of the page it came from.
 */
export function requestLocale(c: Context): Locale {
  return localeFromAcceptLanguage(c.req.header("Accept-Language"));
}

/**
 * The language a request names, or null when it names none: a caller without
 * Accept-Language (a script, a test) says nothing about the person, so the
 * language remembered for them must not change.
 */
export function declaredLocale(c: Context): Locale | null {
  return c.req.header("Accept-Language") ? requestLocale(c) : null;
}

/**
 * Remembers `locale` as the language mails to `userId` are written in. One
 * conditional write that changes nothing (and writes nothing) when it is
 * already the one remembered.
 */
export async function rememberLocale(db: Db, userId: string, locale: Locale): Promise<void> {
  await db
    .update(users)
    .set({ locale })
    .where(and(eq(users.id, userId), ne(users.locale, locale)));
}

/** Where and in which language to mail a user, or null when there is no such user. */
export async function mailRecipient(
  db: Db,
  userId: string | null,
): Promise<{ email: string; locale: Locale } | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
