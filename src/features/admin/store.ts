/**
 * State the admin dashboard's panels share. Each panel owns its own data;
 * what one panel changes and another shows (an approved suggestion becomes a
 * provider, a new category appears in every dropdown) travels as a revision
 * bump the other panel refetches on. Nothing is polled (spec §7).
 */
import { atom, map } from "nanostores";
import { apiGet, describeError } from "../../lib/api.ts";
import type { Category } from "../../lib/types.ts";

export type AdminArea = "stats" | "suggestions" | "categories" | "users" | "providers";

export const $revisions = map<Record<AdminArea, number>>({
  stats: 0,
  suggestions: 0,
  categories: 0,
  users: 0,
  providers: 0,
});

/** Tells the panels showing these areas to refetch. */
export function touch(...areas: AdminArea[]): void {
  for (const area of areas) $revisions.setKey(area, $revisions.get()[area] + 1);
}

export type CategoriesState =
  | { status: "loading" }
  | { status: "ready"; items: Category[] }
  | { status: "error"; message: string };

/** Every service category, for the category panel and every category picker. */
export const $adminCategories = atom<CategoriesState>({ status: "loading" });

export async function loadAdminCategories(): Promise<void> {
  if ($adminCategories.get().status !== "ready") $adminCategories.set({ status: "loading" });
  try {
    const { data } = await apiGet<Category[]>("/api/service-categories");
    $adminCategories.set({ status: "ready", items: data });
  } catch (err) {
    $adminCategories.set({
      status: "error",
      message: describeError(err),
    });
  }
}
