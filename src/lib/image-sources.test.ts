import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ResponsiveImage } from "../components/ui/ResponsiveImage.tsx";
import {
  imageSources,
  parseVariantKey,
  preloadImageLink,
  sizeMarkOf,
  variantKey,
  variantsOf,
  variantWidths,
  withoutSizeMarks,
  withSizeMark,
} from "./image-sources.ts";

const COVER = "providers/3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b/cover_1732500000000.r800x600.jpg";

describe("variant widths", () => {
  it.each([
    [1600, [160, 320, 640, 960, 1280]],
    [1280, [160, 320, 640, 960, 1280]],
    [1200, [160, 320, 640, 960, 1200]],
    [800, [160, 320, 640, 800]],
    [400, [160, 320, 400]],
    [160, [160]],
    [100, [100]],
    [1, [1]],
    [0, []],
    [Number.NaN, []],
  ])("a %s px wide image gets %j", (width, widths) => {
    expect(variantWidths(width)).toEqual(widths);
  });
});

describe("key derivation", () => {
  it("marks a key with its size before the extension, and only the server's marks count", () => {
    expect(withSizeMark("providers/u/cover_1.jpg", { width: 800, height: 600 })).toBe(
      "providers/u/cover_1.r800x600.jpg",
    );
    expect(withSizeMark("providers/p/gallery/1_a.png", { width: 6, height: 4 })).toBe(
      "providers/p/gallery/1_a.r6x4.png",
    );
    expect(() => withSizeMark("providers/u/cover_1", { width: 1, height: 1 })).toThrow();
    // A client typing a mark into a file name gets it dropped, nothing else.
    expect(withoutSizeMarks("providers/p/gallery/1_shop.r99x99.jpg")).toBe(
      "providers/p/gallery/1_shop.jpg",
    );
    expect(withoutSizeMarks("providers/p.r1x1/gallery/1_a.r2x2.r3x3.jpg")).toBe(
      "providers/p.r1x1/gallery/1_a.jpg",
    );
    expect(withoutSizeMarks("providers/p/gallery/1_radio.x.jpg")).toBe(
      "providers/p/gallery/1_radio.x.jpg",
    );
  });

  it("reads the size back from a marked key, never from a copy or an unmarked key", () => {
    expect(sizeMarkOf(COVER)).toEqual({ width: 800, height: 600 });
    expect(sizeMarkOf("providers/u/cover_1.jpg")).toBeNull();
    expect(sizeMarkOf(variantKey(COVER, 320, "webp"))).toBeNull();
    expect(sizeMarkOf("providers/u/cover_1.r0x600.jpg")).toBeNull();
    expect(sizeMarkOf("providers/u/cover_1.r800x600.gif")).toBeNull();
  });

  it("names copies as siblings and parses them back to their upload", () => {
    const k = variantKey(COVER, 320, "webp");
    expect(k).toBe(`${COVER}.w320.webp`);
    expect(parseVariantKey(k)).toEqual({ original: COVER, width: 320, format: "webp" });
    expect(parseVariantKey(`${COVER}.w640.jpg`)).toEqual({
      original: COVER,
      width: 640,
      format: "jpg",
    });
    // Not copies: an unmarked original, an upload, a file that merely looks alike.
    expect(parseVariantKey("providers/u/cover_1.jpg.w320.webp")).toBeNull();
    expect(parseVariantKey(COVER)).toBeNull();
    expect(parseVariantKey("providers/p/gallery/1_photo.w640.jpg")).toBeNull();
    expect(parseVariantKey(`${COVER}.w320.png`)).toBeNull();
  });

  it("lists every copy of a marked upload: each width in WebP and JPEG, heights to scale", () => {
    const copies = variantsOf(COVER);
    expect(copies.map((v) => `${v.width}x${v.height}.${v.format}`)).toEqual([
      "160x120.webp",
      "160x120.jpg",
      "320x240.webp",
      "320x240.jpg",
      "640x480.webp",
      "640x480.jpg",
      "800x600.webp",
      "800x600.jpg",
    ]);
    for (const v of copies) expect(parseVariantKey(v.key)?.original).toBe(COVER);
    expect(variantsOf("providers/u/cover_1.jpg")).toEqual([]);
    // A 4000×1 strip still has copies one pixel high.
    expect(variantsOf("providers/p/gallery/1_a.r4000x1.png").map((v) => v.height)).toEqual(
      Array(10).fill(1),
    );
  });
});

describe("imageSources", () => {
  it("gives a marked upload WebP and JPEG srcsets and a mid-sized JPEG src", () => {
    const s = imageSources(`/media/${COVER}`);
    expect(s.webpSrcSet).toBe(
      [160, 320, 640, 800].map((w) => `/media/${COVER}.w${w}.webp ${w}w`).join(", "),
    );
    expect(s.srcSet).toBe(
      [160, 320, 640, 800].map((w) => `/media/${COVER}.w${w}.jpg ${w}w`).join(", "),
    );
    expect(s.src).toBe(`/media/${COVER}.w640.jpg`);
    expect(s.size).toEqual({ width: 800, height: 600 });
  });

  it.each([
    "/media/providers/u/cover_1.jpg", // uploaded before copies existed
    "https://cdn.example.pk/logo.png", // an https logo (logoUrl may be an https URL)
    "/media/providers/u/cover_1.r800x600.jpg?v=2",
    `/media/${COVER}.w320.webp`, // a copy is never treated as an upload
    "/placeholder-person.svg",
    "",
  ])("falls back to the plain URL for %j", (url) => {
    expect(imageSources(url)).toEqual({ src: url });
  });

  it("preloads what the picture will pick: the WebP candidates, or the plain URL", () => {
    expect(preloadImageLink(`/media/${COVER}`, "96px")).toEqual({
      imagesrcset: imageSources(`/media/${COVER}`).webpSrcSet,
      imagesizes: "96px",
      type: "image/webp",
    });
    expect(preloadImageLink("https://cdn.example.pk/logo.png", "96px")).toEqual({
      href: "https://cdn.example.pk/logo.png",
    });
  });
});

describe("ResponsiveImage", () => {
  const render = (src: string) =>
    renderToStaticMarkup(
      createElement(ResponsiveImage, {
        src,
        sizes: "96px",
        alt: "Logo",
        width: 96,
        height: 96,
        loading: "lazy",
      }),
    );

  it("wraps a marked upload in a <picture> with a WebP source and JPEG candidates", () => {
    const html = render(`/media/${COVER}`);
    expect(html).toMatch(/^<picture class="contents"><source type="image\/webp" srcSet="[^"]+"/);
    expect(html).toContain(`sizes="96px"`);
    expect(html).toContain(`src="/media/${COVER}.w640.jpg"`);
    expect(html).toContain(`width="96" height="96"`);
    expect(html).toContain(`loading="lazy"`);
  });

  it("renders a legacy or external image as a plain <img> with its own URL", () => {
    for (const url of ["/media/providers/u/logo_1.jpg", "https://cdn.example.pk/logo.png"]) {
      const html = render(url);
      expect(html).toBe(`<img src="${url}" alt="Logo" width="96" height="96" loading="lazy"/>`);
    }
  });
});
