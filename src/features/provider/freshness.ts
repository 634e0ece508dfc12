/**
 * Keeps a pre-rendered provider page honest between publishes ("after a
 * provider saves, its live page shows the change at once"). The build stamps
 * each page with a signature of what it shows; after hydration the page asks
 * the API for the provider and, only when the signature differs, re-renders
 * the profile from the live data. An unchanged page is never touched.
 */
import { atom, onMount, type ReadableAtom, type WritableAtom } from "nanostores";
import type { ComponentType } from "react";
import { apiGet } from "../../lib/api.ts";
import { providerTitle } from "../../lib/seo.ts";
import type { GalleryImage, ProviderPublic } from "../../lib/types.ts";

/** cyrb53: a small, well-spread 53-bit string hash (not for security). */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * A fingerprint of everything the profile shows. Contact details are left out
 * on purpose: they are never part of the pre-rendered page (signed-in answers
 * carry them, and they must not make the page look changed).
 */
export function profileSignature(p: ProviderPublic, gallery: readonly GalleryImage[]): string {
  const shown = [
    p.companyName,
    p.description,
    p.location,
    p.city,
    p.coverImageUrl,
    p.logoUrl,
    p.responseTime,
    p.pricePkr,
    p.isVerified,
    p.isSuggested,
    p.path,
    p.services.map((s) => [
      s.id,
      s.name,
      s.description,
      s.pricePkr,
      s.category.id,
      s.category.name,
    ]),
    gallery.map((g) => [g.id, g.imageUrl]),
  ];
  return hash53(JSON.stringify(shown));
}

export interface ProfileProps {
  provider: ProviderPublic;
  gallery: readonly GalleryImage[];
  path?: string;
}

export type FreshState =
  | { status: "built" }
  | {
      status: "fresh";
      provider: ProviderPublic;
      gallery: GalleryImage[];
      Profile: ComponentType<ProfileProps>;
    };

const stores = new Map<string, WritableAtom<FreshState>>();

/** The page's state: "built" (show the pre-rendered HTML) until live data differs. */
export function freshProfileStore(providerId: string, signature: string): ReadableAtom<FreshState> {
  const key = `${providerId}:${signature}`;
  let store = stores.get(key);
  if (!store) {
    const s = atom<FreshState>({ status: "built" });
    onMount(s, () => {
      if (typeof window === "undefined") return;
      void refresh(s, providerId, signature);
    });
    stores.set(key, s);
    store = s;
  }
  return store;
}

async function refresh(
  store: WritableAtom<FreshState>,
  providerId: string,
  signature: string,
): Promise<void> {
  if (store.get().status === "fresh") return;
  try {
    const id = encodeURIComponent(providerId);
    const [p, g] = await Promise.all([
      apiGet<ProviderPublic>(`/api/providers/${id}`),
      apiGet<GalleryImage[]>(`/api/providers/${id}/gallery`),
    ]);
    if (profileSignature(p.data, g.data) === signature) return;
    // Only a changed page pays for the profile component.
    const { ProviderProfile } = await import("./ProviderProfile.tsx");
    document.title = providerTitle(p.data);
    store.set({ status: "fresh", provider: p.data, gallery: g.data, Profile: ProviderProfile });
  } catch (err) {
    // The pre-rendered page is still a good page; a removed provider is caught at the next publish.
    console.warn("Could not check this provider for changes:", err);
  }
}
