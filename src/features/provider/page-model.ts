/** Title, description and structured data of a provider page (both URL forms). */
import {
  breadcrumbJsonLd,
  localBusinessJsonLd,
  providerDescription,
  providerTitle,
} from "../../lib/seo.ts";
import type { GalleryImage, ProviderPublic } from "../../lib/types.ts";
import { providerPath } from "../../lib/urls.ts";
import { providerCrumbs } from "./ProviderProfile.tsx";

export function providerPageModel(site: URL, p: ProviderPublic, gallery: readonly GalleryImage[]) {
  // Both /pk/... and /providers/... render this; the canonical is always the /pk form.
  const canonicalPath = providerPath(p);
  return {
    title: providerTitle(p),
    description: providerDescription(p),
    canonicalPath,
    ogImage: p.coverImageUrl || p.logoUrl || gallery[0]?.imageUrl || null,
    jsonLd: [
      localBusinessJsonLd(site, p, canonicalPath, gallery),
      breadcrumbJsonLd(site, providerCrumbs(p), canonicalPath),
    ],
  };
}
