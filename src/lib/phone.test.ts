import { describe, expect, it } from "vitest";
import { telHref, toInternationalPhone, toLocalPhone, whatsappHref } from "./phone.ts";

describe("reading a stored number", () => {
  describe.each([
    // stored, local form, tel: link, WhatsApp link
    ["+92 300 1234567", "0300 1234567", "tel:+923001234567", "https://wa.me/923001234567"],
    ["+92 345 7654321", "0345 7654321", "tel:+923457654321", "https://wa.me/923457654321"],
    ["+923001234567", "0300 1234567", "tel:+923001234567", "https://wa.me/923001234567"],
    ["+92-321-1234567", "0321-1234567", "tel:+923211234567", "https://wa.me/923211234567"],
    ["0092 300 1234567", "0300 1234567", "tel:+923001234567", "https://wa.me/923001234567"],
    ["0300 1234567", "0300 1234567", "tel:+923001234567", "https://wa.me/923001234567"],
    ["03001234567", "0300 1234567", "tel:+923001234567", "https://wa.me/923001234567"],
    ["+92 42 35123456", "042 35123456", "tel:+924235123456", null],
    ["+92 21 34567890", "021 34567890", "tel:+922134567890", null],
    ["+92 51 2345678", "051 2345678", "tel:+92512345678", null],
    ["+92 (52) 3456789", "052 3456789", "tel:+92523456789", null],
    ["+924235123456", "04235123456", "tel:+924235123456", null],
    ["  +92 300 1234567  ", "0300 1234567", "tel:+923001234567", "https://wa.me/923001234567"],
    // Stored as typed before the bare country code was understood.
    ["923001234567", "0300 1234567", "tel:+923001234567", "https://wa.me/923001234567"],
    ["92 42 35123456", "042 35123456", "tel:+924235123456", null],
    // Not Pakistani, or not a full number: shown as stored.
    ["+44 20 7946 0958", "+44 20 7946 0958", "tel:+442079460958", null],
    ["+92 300 12", "+92 300 12", "tel:+9230012", null],
    ["1234", "1234", "tel:1234", null],
    ["", "", null, null],
    ["ask for Imran", "ask for Imran", null, null],
  ])("%j", (stored, local, tel, whatsapp) => {
    it(`reads as ${JSON.stringify(local)}`, () => expect(toLocalPhone(stored)).toBe(local));
    it(`dials ${JSON.stringify(tel)}`, () => expect(telHref(stored)).toBe(tel));
    it(`messages ${JSON.stringify(whatsapp)}`, () => expect(whatsappHref(stored)).toBe(whatsapp));
  });
});

describe("storing a typed number (toInternationalPhone)", () => {
  describe.each([
    // typed, stored
    ["0300 1234567", "+92 300 1234567"],
    ["03001234567", "+92 300 1234567"],
    ["0300-1234567", "+92 300 1234567"],
    ["0300 123 4567", "+92 300 1234567"],
    ["  0321 7654321 ", "+92 321 7654321"],
    ["042 35123456", "+92 42 35123456"],
    ["042-35123456", "+92 42 35123456"],
    ["(042) 35123456", "+92 42 35123456"],
    ["021 3456 7890", "+92 21 3456 7890"],
    ["051 2345678", "+92 51 2345678"],
    ["04235123456", "+92 4235123456"],
    ["+92 300 1234567", "+92 300 1234567"],
    ["+923001234567", "+92 300 1234567"],
    ["+92  300   1234567", "+92 300 1234567"],
    ["+92-321-1234567", "+92 321 1234567"],
    ["+92 0300 1234567", "+92 300 1234567"],
    ["0092 300 1234567", "+92 300 1234567"],
    // The country code without its '+', as WhatsApp shows a number.
    ["923001234567", "+92 300 1234567"],
    ["92 300 1234567", "+92 300 1234567"],
    ["92-42-35123456", "+92 42 35123456"],
    ["+92 42 35123456", "+92 42 35123456"],
    ["+92 (42) 35123456", "+92 42 35123456"],
    ["+92   42    35123456", "+92 42 35123456"],
    // Not Pakistani, or not a whole number: as typed (trimmed).
    ["+44 20 7946 0958", "+44 20 7946 0958"],
    ["+1 (415) 555-0100", "+1 (415) 555-0100"],
    ["0300 12345", "0300 12345"],
    ["0300 1234567 ext 12", "0300 1234567 ext 12"],
    ["00 44 20 7946 0958", "00 44 20 7946 0958"],
    ["3001234567", "3001234567"],
    // 92 and too few or too many digits for a Pakistani number: as typed.
    ["9230012345", "9230012345"],
    ["9230012345678", "9230012345678"],
    ["+92 300 12", "+92 300 12"],
    [" 1234567 ", "1234567"],
  ])("%j", (typed, stored) => {
    it(`is stored as ${JSON.stringify(stored)}`, () => {
      expect(toInternationalPhone(typed)).toBe(stored);
    });
    it("is idempotent", () => {
      expect(toInternationalPhone(stored)).toBe(stored);
    });
  });
});

describe("stored numbers read back", () => {
  it.each([
    ["0300 1234567", "0300 1234567", "tel:+923001234567"],
    ["042 35123456", "042 35123456", "tel:+924235123456"],
  ])("%j → local %j, %j", (typed, local, tel) => {
    const stored = toInternationalPhone(typed);
    expect(toLocalPhone(stored)).toBe(local);
    expect(telHref(stored)).toBe(tel);
  });
});
