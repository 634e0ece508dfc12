import { describe, expect, it } from "vitest";
import {
  BAD_UPLOAD_KEY,
  claimPhotoKey,
  coverKey,
  galleryKey,
  jpegFileName,
  logoKey,
  parseUploadKey,
} from "./upload-keys.ts";

const USER = "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b";
const PROVIDER = "0b1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e";

describe("upload keys", () => {
  it("names covers and logos by user and time", () => {
    expect(coverKey(USER, 1700000000000)).toBe(`providers/${USER}/cover_1700000000000.jpg`);
    expect(logoKey(USER, 1700000000001)).toBe(`providers/${USER}/logo_1700000000001.jpg`);
  });

  it("names gallery images by provider, time and file", () => {
    expect(galleryKey(PROVIDER, 42, "Shop floor.jpg")).toBe(
      `providers/${PROVIDER}/gallery/42_Shop_floor.jpg`,
    );
  });
});

describe("jpegFileName", () => {
  it.each([
    ["photo.jpg", "photo.jpg"],
    ["Shop Floor (2).PNG", "Shop_Floor_2.jpg"],
    ["  lathe   machine .webp", "lathe_machine.jpg"],
    ["IMG_2024-05-01.heic", "IMG_2024-05-01.jpg"],
    ["v1.2.final.jpeg", "v1.2.final.jpg"],
    ["کارخانہ.jpg", "image.jpg"],
    ["ورکشاپ 7.png", "7.jpg"],
    ["../../etc/passwd", "passwd.jpg"],
    ["C:\\Users\\me\\gate.JPG", "gate.jpg"],
    [".hidden", "hidden.jpg"],
    ["---.png", "image.jpg"],
    ["", "image.jpg"],
    [`${"a".repeat(200)}.jpg`, `${"a".repeat(80)}.jpg`],
  ])("%j → %j", (input, expected) => {
    const out = jpegFileName(input);
    expect(out).toBe(expected);
    expect(out).toMatch(/^[A-Za-z0-9._-]+\.jpg$/);
  });
});

describe("parseUploadKey", () => {
  it("accepts what the builders make, with its owner", () => {
    expect(parseUploadKey(coverKey(USER, 1))).toEqual({
      kind: "cover",
      userId: USER,
      key: `providers/${USER}/cover_1.jpg`,
    });
    expect(parseUploadKey(logoKey(USER, 2))?.kind).toBe("logo");
    expect(parseUploadKey(claimPhotoKey(USER, 4, "Shop Board.PNG"))).toEqual({
      kind: "claim",
      userId: USER,
      key: `claims/${USER}/4_Shop_Board.jpg`,
    });
    expect(parseUploadKey(galleryKey(PROVIDER, 3, "Shop floor (2).png"))).toEqual({
      kind: "gallery",
      providerId: PROVIDER,
      key: `providers/${PROVIDER}/gallery/3_Shop_floor_2.jpg`,
    });
  });

  it.each([
    `providers/${USER}/avatar_1.jpg`,
    `providers/${USER}/cover_1.png`,
    `providers/not-a-uuid/cover_1.jpg`,
    `providers/${PROVIDER}/gallery/../x.jpg`,
    `providers/${PROVIDER}/gallery/1_a b.jpg`,
    `other/${USER}/cover_1.jpg`,
    `claims/not-a-uuid/1_board.jpg`,
    `claims/${USER}/board.jpg`,
    `claims/${USER}/sub/1_board.jpg`,
    `providers/${PROVIDER}/gallery/1_shop.r800x600.jpg.w320.webp`,
    "",
  ])("refuses %j", (key) => {
    expect(parseUploadKey(key)).toBeNull();
  });

  it("names the three shapes in its error message", () => {
    expect(BAD_UPLOAD_KEY).toMatch(/^Invalid upload key: /);
    expect(BAD_UPLOAD_KEY).toContain("cover_{timestamp}.jpg");
    expect(BAD_UPLOAD_KEY).toContain("gallery/{timestamp}_{filename}");
    expect(BAD_UPLOAD_KEY).toContain("claims/{userId}/{timestamp}_{filename}");
  });
});
