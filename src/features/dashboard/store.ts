/**
 * The provider dashboard's data: the user's own provider (GET
 * /api/my-provider), its services and gallery, and the service categories.
 * Components call the actions below; every action shows its toast and
 * refreshes what it changed. A 401 anywhere means
 * the session is gone: the 'Unauthorized' toast, then the sign-in page.
 */
import { atom, onMount } from "nanostores";
import { currentLocale, localHref, m } from "../../i18n/index.ts";
import { ApiError, describeError, errorText } from "../../lib/api.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import { serverFieldErrors } from "../../lib/server-errors.ts";
import type { Category, GalleryImage } from "../../lib/types.ts";
import { galleryKey } from "../../lib/upload-keys.ts";
import { $session } from "../auth/session.ts";
import { leadsToSetup, setupSkipped } from "../provider-setup/skip.ts";
import { toast } from "../toast/store.ts";
import { prepareImage, uploadJpeg } from "./images.ts";
import { fetchMyProvider, type MyProvider } from "./my-provider.ts";
import {
  PROFILE_FIELD_OF_PAYLOAD,
  type ProfileErrors,
  type ProfilePayload,
} from "./profile-form.ts";
import { dashboardLogin, handleUnauthorized, isUnauthorized } from "./unauthorized.ts";

export type { MyProvider };

export type DashboardState =
  | { status: "loading" }
  | { status: "signedOut" }
  | { status: "error"; message: string }
  /** `provider` is null until the Company Profile form creates one. */
  | { status: "ready"; provider: MyProvider | null };

export const $dashboard = atom<DashboardState>({ status: "loading" });

let requested = false;

onMount($dashboard, () => {
  if (typeof window === "undefined") return;
  return $session.subscribe((s) => {
    if (s.status === "authenticated" && !requested) {
      requested = true;
      void loadDashboard();
    }
    if (s.status === "unauthenticated") {
      $dashboard.set({ status: "signedOut" });
      handleUnauthorized();
    }
  });
});

function providerOf(): MyProvider | null {
  const s = $dashboard.get();
  return s.status === "ready" ? s.provider : null;
}

function setProvider(provider: MyProvider | null): void {
  $dashboard.set({ status: "ready", provider });
  if (provider?.gallery) setGalleryImages(provider.gallery);
}

/** Loads (or, after an error, reloads) the user's provider. */
export async function loadDashboard(): Promise<void> {
  $dashboard.set({ status: "loading" });
  try {
    const provider = await fetchMyProvider();
    const role = $session.get().user?.role;
    if (leadsToSetup(role, provider !== null, setupSkipped())) {
      // Stays 'loading' while the page leaves for 'Complete Your Provider Profile'.
      location.replace(localHref("/provider-setup"));
      return;
    }
    setProvider(provider);
  } catch (err) {
    if (isUnauthorized(err)) {
      $dashboard.set({ status: "signedOut" });
      handleUnauthorized();
      return;
    }
    $dashboard.set({ status: "error", message: describeError(err) });
  }
}

/**
 * Fetches the provider again after a change, keeping what is on screen while
 * it loads; a failed refresh is only logged (the change itself succeeded).
 */
export async function refreshProvider(): Promise<void> {
  try {
    setProvider(await fetchMyProvider());
  } catch (err) {
    if (isUnauthorized(err)) handleUnauthorized();
    else console.warn("Could not refresh the provider profile:", err);
  }
}

// ---------------------------------------------------------------- profile

let savingProfile = false;

export type SaveResult =
  | { ok: true; provider: MyProvider }
  /** `errors`: the fields the server refused, for the form to show. */
  | { ok: false; errors: ProfileErrors };

/**
 * Creates the profile (POST) when there is none, else updates it (PUT)
 * (the owner's own profile), with its toasts. A second call while one is in flight is
 * ignored.
 */
export async function saveProfile(payload: ProfilePayload): Promise<SaveResult> {
  if (savingProfile) return { ok: false, errors: {} };
  savingProfile = true;
  const existing = providerOf();
  try {
    // Both answer with the owner's view, the same shape as GET /api/my-provider.
    const saved = existing
      ? await unwrap(
          api.providers[":id"].$put({
            param: { id: encodeURIComponent(existing.id) },
            json: payload,
          }),
        )
      : await unwrap(api.providers.$post({ json: payload }));
    setProvider(saved);
    toast({
      title: existing ? m.dashboard_profile_updated() : m.dashboard_profile_created(),
    });
    return { ok: true, provider: saved };
  } catch (err) {
    if (isUnauthorized(err)) {
      handleUnauthorized();
      return { ok: false, errors: {} };
    }
    const base = existing
      ? m.dashboard_profile_update_failed()
      : m.dashboard_profile_create_failed();
    const why = errorText(err);
    toast({
      title: m.dashboard_error(),
      description: why ? `${base}: ${why}` : base,
      variant: "destructive",
    });
    const errors =
      err instanceof ApiError && err.status === 400
        ? serverFieldErrors(err.serverMessage, PROFILE_FIELD_OF_PAYLOAD)
        : {};
    return { ok: false, errors };
  } finally {
    savingProfile = false;
  }
}

// ---------------------------------------------------------------- services

export interface ServiceInput {
  categoryId: string;
  name: string;
  description: string;
  /** Null: not priced ('Price on request'); 0: free. */
  pricePkr: number | null;
}

/** Adds a service ('Add New Service'); resolves true when the server confirmed. */
export async function addService(input: ServiceInput): Promise<boolean> {
  const provider = providerOf();
  if (!provider) return false;
  try {
    await unwrap(api.services.$post({ json: { providerId: provider.id, ...input } }));
    await refreshProvider();
    toast({ title: m.dashboard_service_added() });
    return true;
  } catch (err) {
    if (isUnauthorized(err)) handleUnauthorized();
    else {
      toast({
        title: m.dashboard_service_add_failed(),
        description: errorText(err) ?? undefined,
        variant: "destructive",
      });
    }
    return false;
  }
}

/** Edits a service (PATCH /api/services/{id}). */
export async function updateService(id: string, input: ServiceInput): Promise<boolean> {
  try {
    await unwrap(
      api.services[":id"].$patch({ param: { id: encodeURIComponent(id) }, json: input }),
    );
    await refreshProvider();
    toast({ title: m.dashboard_service_updated() });
    return true;
  } catch (err) {
    if (isUnauthorized(err)) handleUnauthorized();
    else {
      toast({
        title: m.dashboard_service_update_failed(),
        description: errorText(err) ?? undefined,
        variant: "destructive",
      });
    }
    return false;
  }
}

/**
 * Deletes a service. A 401 here sends the browser to /api/login,
 * which the server redirects to the sign-in page; that redirect knows only
 * the English page, so an Urdu dashboard goes to the Urdu sign-in page itself.
 */
export async function deleteService(id: string): Promise<boolean> {
  try {
    await unwrap(api.services[":id"].$delete({ param: { id: encodeURIComponent(id) } }));
    await refreshProvider();
    toast({ title: m.dashboard_service_deleted() });
    return true;
  } catch (err) {
    if (isUnauthorized(err)) {
      handleUnauthorized(currentLocale() === "en" ? "/api/login" : dashboardLogin());
    } else {
      toast({
        title: m.dashboard_service_delete_failed(),
        description: errorText(err) ?? undefined,
        variant: "destructive",
      });
    }
    return false;
  }
}

// ---------------------------------------------------------------- categories

export type CategoriesState =
  | { status: "loading" }
  | { status: "ready"; items: Category[] }
  | { status: "error"; message: string };

export const $categories = atom<CategoriesState>({ status: "loading" });

onMount($categories, () => {
  if (typeof window === "undefined") return;
  if ($categories.get().status !== "ready") void loadCategories();
  return undefined;
});

export async function loadCategories(): Promise<void> {
  $categories.set({ status: "loading" });
  try {
    const data = await unwrap(api["service-categories"].$get());
    $categories.set({ status: "ready", items: data });
  } catch (err) {
    $categories.set({ status: "error", message: describeError(err) });
  }
}

// ---------------------------------------------------------------- gallery

export interface GalleryState {
  status: "loading" | "ready" | "error";
  images: GalleryImage[];
  message: string | null;
  /** Files of the current upload batch: done so far and total. */
  uploading: { done: number; total: number } | null;
  /** Ids of images being deleted. */
  deleting: ReadonlySet<string>;
}

export const $gallery = atom<GalleryState>({
  status: "loading",
  images: [],
  message: null,
  uploading: null,
  deleting: new Set(),
});

onMount($gallery, () => {
  if (typeof window === "undefined") return;
  // The gallery normally arrives with GET /api/my-provider; ask for it when it did not.
  return $dashboard.subscribe((s) => {
    if (s.status === "ready" && s.provider && !s.provider.gallery) {
      if ($gallery.get().status === "loading") void loadGallery();
    }
  });
});

function setGalleryImages(images: GalleryImage[]): void {
  $gallery.set({ ...$gallery.get(), status: "ready", images, message: null });
}

/** GET /api/providers/{id}/gallery. */
export async function loadGallery(): Promise<void> {
  const provider = providerOf();
  if (!provider) return;
  const s = $gallery.get();
  if (s.status !== "ready") $gallery.set({ ...s, status: "loading", message: null });
  try {
    const data = await unwrap(
      api.providers[":id"].gallery.$get({ param: { id: encodeURIComponent(provider.id) } }),
    );
    setGalleryImages(data);
  } catch (err) {
    if (isUnauthorized(err)) handleUnauthorized();
    else $gallery.set({ ...$gallery.get(), status: "error", message: describeError(err) });
  }
}

/**
 * Uploads picked files one after another: resize,
 * upload under the provider's gallery key, then add it to the gallery. A file
 * that fails is logged and skipped; the gallery is refreshed at the end.
 * Resolves to how many were added.
 */
export async function uploadGalleryFiles(files: readonly File[]): Promise<number> {
  const provider = providerOf();
  if (!provider || files.length === 0 || $gallery.get().uploading) return 0;
  $gallery.set({ ...$gallery.get(), uploading: { done: 0, total: files.length } });
  let added = 0;
  let unauthorized = false;
  for (const [i, file] of files.entries()) {
    try {
      const jpeg = await prepareImage(file, "gallery");
      const imageUrl = await uploadJpeg(galleryKey(provider.id, Date.now(), file.name), jpeg);
      await unwrap(api.providers.gallery.$post({ json: { imageUrl } }));
      added++;
    } catch (err) {
      console.warn(`Skipped gallery image "${file.name}":`, err);
      if (isUnauthorized(err)) {
        unauthorized = true;
        break;
      }
    }
    $gallery.set({ ...$gallery.get(), uploading: { done: i + 1, total: files.length } });
  }
  $gallery.set({ ...$gallery.get(), uploading: null });
  if (unauthorized) {
    handleUnauthorized();
    return added;
  }
  await loadGallery();
  return added;
}

export async function deleteGalleryImage(id: string): Promise<boolean> {
  const s = $gallery.get();
  if (s.deleting.has(id)) return false;
  $gallery.set({ ...s, deleting: new Set([...s.deleting, id]) });
  let ok = true;
  try {
    await unwrap(api.providers.gallery[":id"].$delete({ param: { id: encodeURIComponent(id) } }));
  } catch (err) {
    ok = false;
    if (isUnauthorized(err)) handleUnauthorized();
    else {
      toast({
        title: m.dashboard_image_delete_failed(),
        description: errorText(err) ?? undefined,
        variant: "destructive",
      });
    }
  }
  const now = $gallery.get();
  const deleting = new Set(now.deleting);
  deleting.delete(id);
  $gallery.set({
    ...now,
    deleting,
    images: ok ? now.images.filter((img) => img.id !== id) : now.images,
  });
  if (ok) toast({ title: m.dashboard_image_deleted() });
  return ok;
}
