/**
 * Service category management: create, edit and delete through
 * the admin routes of /api/service-categories, then reload the shared list
 * ($adminCategories, which every category picker of the dashboard reads) and
 * bump the revisions other panels watch.
 */
import { onMount } from "nanostores";
import { ApiError } from "../../lib/api.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import type { CategoryPayload } from "./categories.ts";
import { adminFailure, adminSuccess } from "./notify.ts";
import { $adminCategories, loadAdminCategories, touch } from "./store.ts";

export { $adminCategories, loadAdminCategories };

onMount($adminCategories, () => {
  if (typeof window === "undefined") return;
  if ($adminCategories.get().status !== "ready") void loadAdminCategories();
  return undefined;
});

async function afterChange(): Promise<void> {
  await loadAdminCategories();
  touch("categories", "stats");
}

export async function createCategory(payload: CategoryPayload): Promise<boolean> {
  try {
    await unwrap(api["service-categories"].$post({ json: payload }));
  } catch (err) {
    // A 401 here is the logged-out toast and the sign-in page.
    adminFailure(err, "Failed to create service category");
    return false;
  }
  adminSuccess("Success", "Service category created successfully");
  await afterChange();
  return true;
}

export async function updateCategory(id: string, payload: CategoryPayload): Promise<boolean> {
  try {
    await unwrap(
      api["service-categories"][":id"].$patch({
        param: { id: encodeURIComponent(id) },
        json: payload,
      }),
    );
  } catch (err) {
    adminFailure(err, "Failed to save category");
    return false;
  }
  adminSuccess("Saved");
  await afterChange();
  return true;
}

export type DeleteResult = "deleted" | "in-use" | "failed";

/** A category in use answers 409 with how many services use it; the toast shows that sentence. */
export async function deleteCategory(id: string): Promise<DeleteResult> {
  try {
    await unwrap(
      api["service-categories"][":id"].$delete({ param: { id: encodeURIComponent(id) } }),
    );
  } catch (err) {
    adminFailure(err, "Failed to delete");
    return err instanceof ApiError && err.status === 409 ? "in-use" : "failed";
  }
  adminSuccess("Deleted");
  await afterChange();
  return "deleted";
}
