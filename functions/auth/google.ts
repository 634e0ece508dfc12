/**
 * Google sign-in (decision 004): the authorization code flow with PKCE through
 * arctic's generic OAuth2Client, so tests can point it at a local fake Google
 * (arctic's `Google` class hard-codes Google's endpoints).
 */
import {
  CodeChallengeMethod,
  decodeIdToken,
  generateCodeVerifier,
  generateState,
  OAuth2Client,
} from "arctic";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { emailTokens, oauthAccounts, sessions, users } from "../../db/schema.ts";
import { emailSchema, type SignupRole } from "../../src/lib/auth-schemas.ts";
import { sanitizePersonName } from "../../src/lib/person-name.ts";
import type { UserRow } from "./accounts.ts";

export const GOOGLE_AUTH_URL = "https://accounts.google.com/o/oauth2/v2/auth";
export const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
export const GOOGLE_SCOPES = ["openid", "email", "profile"];
/**
 * Google's ID tokens carry either form
 * (https://developers.google.com/identity/openid-connect/openid-connect, "Validate an ID token").
 */
const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"] as const;

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  /** Google's endpoints unless a test points them at a fake. */
  authorizationEndpoint: string;
  tokenEndpoint: string;
}

/** Google sign-in settings from the environment; null when it is not configured. */
export function googleConfigFromEnv(env: {
  GOOGLE_CLIENT_ID?: string | undefined;
  GOOGLE_CLIENT_SECRET?: string | undefined;
  GOOGLE_AUTH_URL?: string | undefined;
  GOOGLE_TOKEN_URL?: string | undefined;
}): GoogleConfig | null {
  const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret } = env;
  if (!clientId && !clientSecret) return null;
  if (!clientId || !clientSecret) {
    throw new Error(
      "Invalid configuration: set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither",
    );
  }
  return {
    clientId,
    clientSecret,
    authorizationEndpoint: env.GOOGLE_AUTH_URL ?? GOOGLE_AUTH_URL,
    tokenEndpoint: env.GOOGLE_TOKEN_URL ?? GOOGLE_TOKEN_URL,
  };
}

/** Must be registered as an authorized redirect URI of the OAuth client in Google Cloud. */
export function googleRedirectUri(siteUrl: string): string {
  return `${siteUrl}/api/auth/callback/google`;
}

function client(config: GoogleConfig, siteUrl: string): OAuth2Client {
  return new OAuth2Client(config.clientId, config.clientSecret, googleRedirectUri(siteUrl));
}

/** A fresh consent-screen URL with its state and PKCE verifier (to keep in cookies). */
export function createGoogleAuthorization(config: GoogleConfig, siteUrl: string) {
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const url = client(config, siteUrl).createAuthorizationURLWithPKCE(
    config.authorizationEndpoint,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    GOOGLE_SCOPES,
  );
  // Always show the account chooser, so a shared computer does not silently reuse an account.
  url.searchParams.set("prompt", "select_account");
  return { url, state, codeVerifier };
}

/** Google answered, but with an identity we do not accept (not an outage: not logged). */
export class GoogleIdentityRefused extends Error {}

export interface GoogleIdentity {
  sub: string;
  /** Trimmed and lower-cased, like every stored email. */
  email: string;
  firstName: string | null;
  lastName: string | null;
  picture: string | null;
}

/**
 * Google's profile names are whatever the account holder typed: made to fit
 * our name rule (letters and the punctuation names need, decision 028), not
 * refused, since the sign-in itself is fine.
 */
const optionalName = z
  .string()
  .optional()
  .transform((s) => sanitizePersonName(s));

const idTokenClaimsSchema = z.object({
  iss: z.enum(GOOGLE_ISSUERS),
  aud: z.union([z.string(), z.array(z.string())]),
  sub: z.string().min(1).max(255),
  email: emailSchema,
  email_verified: z.literal(true),
  given_name: optionalName,
  family_name: optionalName,
  picture: z
    .string()
    .optional()
    .transform((s) => (s && s.length <= 2000 && /^https:\/\/[^\s]+$/.test(s) ? s : null)),
});

/**
 * Exchanges the code (with the PKCE verifier) at the token endpoint and reads
 * the ID token's claims. The ID token comes straight from Google's token
 * endpoint over TLS, so its signature need not be checked
 * (https://developers.google.com/identity/openid-connect/openid-connect, "Obtain user
 * information from the ID token");
 * issuer and audience still are. Throws arctic's errors for a failed exchange
 * and GoogleIdentityRefused for an unusable identity (e.g. unverified email).
 */
export async function exchangeGoogleCode(
  config: GoogleConfig,
  siteUrl: string,
  code: string,
  codeVerifier: string,
): Promise<GoogleIdentity> {
  const tokens = await client(config, siteUrl).validateAuthorizationCode(
    config.tokenEndpoint,
    code,
    codeVerifier,
  );
  let claims: object;
  try {
    claims = decodeIdToken(tokens.idToken());
  } catch {
    throw new GoogleIdentityRefused("the token answer has no readable ID token");
  }
  const parsed = idTokenClaimsSchema.safeParse(claims);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((i) => i.path.join(".")))].join(", ");
    throw new GoogleIdentityRefused(`ID token refused (${fields})`);
  }
  const c = parsed.data;
  const audiences = typeof c.aud === "string" ? [c.aud] : c.aud;
  if (!audiences.includes(config.clientId)) {
    throw new GoogleIdentityRefused("ID token issued to another client");
  }
  return {
    sub: c.sub,
    email: c.email,
    firstName: c.given_name,
    lastName: c.family_name,
    picture: c.picture,
  };
}

/**
 * The user a Google identity signs in as, in one transaction:
 * 1. the user already linked to this Google account;
 * 2. else the user with the same (Google-verified) email, which gets linked. If
 *    that account never confirmed its email, its password is dropped: whoever
 *    chose it never proved they own the address, and keeping it would let them
 *    in once Google confirms the address for the real owner (pre-account
 *    hijacking). Its role is kept;
 * 3. else a new user with the portal's role, the email counted as confirmed
 *    and no password.
 */
export async function signInGoogleIdentity(
  db: Db,
  identity: GoogleIdentity,
  portalRole: SignupRole,
  now: Date,
): Promise<{ user: UserRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ user: users })
      .from(oauthAccounts)
      .innerJoin(users, eq(users.id, oauthAccounts.userId))
      .where(
        and(eq(oauthAccounts.provider, "google"), eq(oauthAccounts.providerUserId, identity.sub)),
      )
      .limit(1);
    if (linked) return { user: linked.user, created: false };

    const link = (userId: string) =>
      tx.insert(oauthAccounts).values({
        provider: "google",
        providerUserId: identity.sub,
        userId,
        createdAt: now,
      });

    const [existing] = await tx
      .select()
      .from(users)
      .where(eq(users.email, identity.email))
      .limit(1);
    if (existing) {
      let user = existing;
      if (!existing.emailConfirmedAt) {
        const [updated] = await tx
          .update(users)
          .set({ emailConfirmedAt: now, passwordHash: null, updatedAt: now })
          .where(eq(users.id, existing.id))
          .returning();
        if (updated) user = updated;
        // An unconfirmed account cannot sign in, so it should have none; make sure.
        await tx.delete(sessions).where(eq(sessions.userId, existing.id));
        // Links mailed for the dropped sign-up would confirm or remove what Google just confirmed.
        await tx
          .update(emailTokens)
          .set({ usedAt: now })
          .where(and(eq(emailTokens.userId, existing.id), isNull(emailTokens.usedAt)));
      }
      await link(existing.id);
      return { user, created: false };
    }

    const [user] = await tx
      .insert(users)
      .values({
        id: crypto.randomUUID(),
        email: identity.email,
        firstName: identity.firstName,
        lastName: identity.lastName,
        profileImageUrl: identity.picture,
        role: portalRole,
        passwordHash: null,
        emailConfirmedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!user) throw new Error("inserting the Google user returned no row");
    await link(user.id);
    return { user, created: true };
  });
}
