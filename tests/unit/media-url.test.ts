import { describe, expect, it } from "vitest";
import { isSafeBlobKey } from "../../functions/lib/blob-keys.ts";
import { imageUrlSchema, isMediaUrl } from "../../src/lib/provider-schemas.ts";

const KEYS = [
  "providers/3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b/cover_1732500000000.jpg",
  "providers/p/gallery/1_Shop_Floor.jpg",
  "a",
  "x".repeat(512),
  "x".repeat(513),
  "",
  "/abs.jpg",
  "providers//x.jpg",
  "providers/./x.jpg",
  "providers/../x.jpg",
  "..",
  "providers/x.jpg/",
  "providers\\x.jpg",
  "providers/%2e%2e/x.jpg",
  "providers/x y.jpg",
  "providers/ünï.jpg",
  "providers/x.jpg?v=1",
  "providers/x.jpg#f",
];

describe("isMediaUrl", () => {
  it.each(KEYS)("agrees with isSafeBlobKey on %j", (key) => {
    expect(isMediaUrl(`/media/${key}`)).toBe(isSafeBlobKey(key));
  });

  it.each([
    "https://cdn.example.pk/a.jpg",
    "http://evil.example/track.gif",
    "//evil.example/x.jpg",
    "data:image/png;base64,AAAA",
    "javascript:alert(1)",
    "/media",
    "/media/",
    "/MEDIA/providers/x.jpg",
    "/elsewhere/x.jpg",
    " /media/providers/x.jpg",
  ])("refuses %j", (url) => {
    expect(isMediaUrl(url)).toBe(false);
  });
});

describe("imageUrlSchema", () => {
  it.each([
    ["/media/providers/u/cover_1.jpg", "/media/providers/u/cover_1.jpg"],
    ["", null],
    ["   ", null],
    [null, null],
    [undefined, undefined],
  ])("takes %j as %j", (input, output) => {
    expect(imageUrlSchema.parse(input)).toBe(output);
  });

  it.each(["https://cdn.example.pk/a.jpg", "/media/../x.jpg", 42, {}])(
    "refuses %j with a clear message",
    (input) => {
      const r = imageUrlSchema.safeParse(input);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(
        "Image must be an image uploaded to this site (/media/…), not a web address",
      );
    },
  );
});
