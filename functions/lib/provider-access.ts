import type { ValidSession } from "../auth/session.ts";
import { HttpError } from "./http.ts";

/**
 * Who may change a provider's profile, services and gallery: an admin, or a
 * user with the provider role who owns it (the dashboard is for providers;
 * a customer becomes one by creating a profile). 403 otherwise.
 */
export function assertCanManage(
  user: ValidSession["user"],
  provider: { userId: string | null },
): void {
  if (user.role === "admin") return;
  if (user.role === "provider" && provider.userId === user.id) return;
  throw new HttpError(403, "Forbidden");
}
