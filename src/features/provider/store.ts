/**
 * The live provider view: for a provider newer than the last build, the server
 * serves a shell page and this store loads the provider over the API.
 */
import { atom } from "nanostores";
import { ApiError, apiGet, describeError } from "../../lib/api.ts";
import { providerTitle } from "../../lib/seo.ts";
import type { GalleryImage, ProviderPublic } from "../../lib/types.ts";
import { uuidFromSegment } from "../../lib/urls.ts";

export type LiveProviderState =
  | { status: "loading" }
  | { status: "ready"; provider: ProviderPublic; gallery: GalleryImage[]; path: string }
  | { status: "notFound" }
  | { status: "error"; message: string };

export const $liveProvider = atom<LiveProviderState>({ status: "loading" });

/** The provider UUID at the end of the URL's last path segment (spec §2). */
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
    const [p, g] = await Promise.all([
      apiGet<ProviderPublic>(`/api/providers/${id}`),
      // A missing gallery must not hide the provider itself.
      apiGet<GalleryImage[]>(`/api/providers/${id}/gallery`).catch(() => ({
        data: [] as GalleryImage[],
      })),
    ]);
    document.title = providerTitle(p.data);
    $liveProvider.set({ status: "ready", provider: p.data, gallery: g.data, path: pathname });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) $liveProvider.set({ status: "notFound" });
    else $liveProvider.set({ status: "error", message: describeError(err) });
  }
}
