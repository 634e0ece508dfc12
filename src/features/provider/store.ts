/**
 * The live provider view: for a provider newer than the last build, the server
 * serves a shell page and this store loads the provider over the API.
 */
import { atom } from "nanostores";
import { ApiError, describeError } from "../../lib/api.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import { providerTitle } from "../../lib/seo.ts";
import type { GalleryImage, ProviderPublic } from "../../lib/types.ts";
import { uuidFromSegment } from "../../lib/urls.ts";

export type LiveProviderState =
  | { status: "loading" }
  | { status: "ready"; provider: ProviderPublic; gallery: GalleryImage[]; path: string }
  | { status: "notFound" }
  | { status: "error"; message: string };

export const $liveProvider = atom<LiveProviderState>({ status: "loading" });

/** The provider UUID at the end of the URL's last path segment (`{slug}-{uuid}`). */
export function providerIdFromPath(pathname: string): string | null {
  const last = pathname.replace(/\/+$/, "").split("/").pop() ?? "";
  return uuidFromSegment(decodeURIComponent(last));
}

export async function loadLiveProvider(pathname: string): Promise<void> {
  const id = providerIdFromPath(pathname);
  if (!id) {
    $liveProvider.set({ status: "notFound" });
    return;
  }
  $liveProvider.set({ status: "loading" });
  try {
    const one = api.providers[":id"];
    const [provider, gallery] = await Promise.all([
      unwrap(one.$get({ param: { id } })),
      // A missing gallery must not hide the provider itself.
      unwrap(one.gallery.$get({ param: { id } })).catch((): GalleryImage[] => []),
    ]);
    document.title = providerTitle(provider);
    $liveProvider.set({ status: "ready", provider, gallery, path: pathname });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) $liveProvider.set({ status: "notFound" });
    else $liveProvider.set({ status: "error", message: describeError(err) });
  }
}
