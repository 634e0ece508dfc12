import { describe, expect, it } from "vitest";
import type { GalleryImage, ProviderPublic } from "../../lib/types.ts";
import { profileSignature } from "./freshness.ts";

const provider: ProviderPublic = {
  id: "0b1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e",
  companyName: "Indus Precision Works",
  slug: "indus-precision-works",
  description: "CNC turning and milling.",
  location: "Sialkot — Small Industrial Estate",
  city: "Sialkot",
  coverImageUrl: "/media/providers/u/cover_1.jpg",
  logoUrl: "/media/providers/u/logo_1.jpg",
  responseTime: "2-4 hours",
  pricePkr: null,
  isVerified: false,
  isActive: true,
  isSuggested: false,
  services: [
    {
      id: "s1",
      providerId: "p",
      categoryId: "c1",
      name: "CNC turning",
      description: "",
      pricePkr: 12500,
      isActive: true,
      category: { id: "c1", name: "CNC Machining", slug: "cnc-machining" },
    },
  ],
  path: "/pk/sialkot/cnc-machining/indus-precision-works-0b1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e",
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
};
const gallery: GalleryImage[] = [
  { id: "g1", providerId: provider.id, imageUrl: "/media/g1.jpg", createdAt: "2026-11-01" },
];

describe("profileSignature", () => {
  const base = profileSignature(provider, gallery);

  it("is stable for the same content", () => {
    expect(profileSignature(structuredClone(provider), structuredClone(gallery))).toBe(base);
  });

  it("ignores contact details and timestamps, which the page does not show", () => {
    const signedIn = { ...provider, email: "a@b.pk", phone: "+923001234567", website: null };
    expect(profileSignature(signedIn, gallery)).toBe(base);
    expect(profileSignature({ ...provider, updatedAt: "2027-01-01T00:00:00.000Z" }, gallery)).toBe(
      base,
    );
  });

  it.each<[string, ProviderPublic, GalleryImage[]]>([
    ["the name", { ...provider, companyName: "Indus Precision" }, gallery],
    ["the description", { ...provider, description: "Now with laser cutting." }, gallery],
    ["the logo", { ...provider, logoUrl: "/media/providers/u/logo_2.jpg" }, gallery],
    ["the response time", { ...provider, responseTime: "1 day" }, gallery],
    [
      "a service price",
      { ...provider, services: [{ ...provider.services[0]!, pricePkr: 13000 }] },
      gallery,
    ],
    ["the services", { ...provider, services: [] }, gallery],
    ["the gallery", provider, []],
    ["the verified flag", { ...provider, isVerified: true }, gallery],
  ])("changes with %s", (_what, p, g) => {
    expect(profileSignature(p, g)).not.toBe(base);
  });
});
