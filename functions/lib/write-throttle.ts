import type { Context } from "hono";
import type { AppEnv } from "../ports/app-env.ts";
import type { ValidSession } from "../auth/session.ts";
import { LIMITS, rateLimit } from "./rate-limit.ts";

/**
 * Counts one provider write (profile, service, gallery) against the account:
 * each write reindexes the provider and marks the site for republishing, so a
 * script must not be able to keep either busy (decision 010). Admins are not
 * counted: their edits are by hand and audited.
 */
export async function throttleProviderWrite(
  c: Context<AppEnv>,
  user: ValidSession["user"],
): Promise<void> {
  if (user.role === "admin") return;
  const { db, clock } = c.var.deps;
  await rateLimit(db, `provider-write:user:${user.id}`, LIMITS.providerWriteUser, clock());
}
