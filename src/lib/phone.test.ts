import { describe, expect, it } from "vitest";
import { isPkMobile, telHref, toE164Phone, toLocalPhone, whatsappHref } from "./phone.ts";

describe("storing a typed number (toE164Phone)", () => {
  describe.each([
    // typed, stored
    ["0300-1234567", "+923001234567"],
    ["0300 1234567", "+923001234567"],
    ["03001234567", "+923001234567"],
    ["0300 123 4567", "+923001234567"],
    ["  0321 7654321 ", "+923217654321"],
    ["+92 300 1234567", "+923001234567"],
    ["+923001234567", "+923001234567"],
    ["+92  300   1234567", "+923001234567"],
    ["+92-321-1234567", "+923211234567"],
    ["+92 0300 1234567", "+923001234567"],
    ["0092 300 1234567", "+923001234567"],
    ["+92.300.1234567", "+923001234567"],
    // The country code without its '+', as WhatsApp shows a number.
    ["923001234567", "+923001234567"],
    ["92 300 1234567", "+923001234567"],
    ["92-42-35123456", "+924235123456"],
    // Landlines: 2-, 3- and 4-digit area codes alike.
    ["042-35123456", "+924235123456"],
    ["042 35123456", "+924235123456"],
    ["(042) 35123456", "+924235123456"],
    ["04235123456", "+924235123456"],
    ["021 3456 7890", "+922134567890"],
    ["051 2345678", "+92512345678"],
    ["+92 42 35123456", "+924235123456"],
    ["+92 (42) 35123456", "+924235123456"],
    ["0544 123456", "+92544123456"],
    ["05822 123456", "+925822123456"],
    // Not Pakistani, or not a whole number: as typed (trimmed).
    ["+44 20 7946 0958", "+44 20 7946 0958"],
    ["+1 (415) 555-0100", "+1 (415) 555-0100"],
    ["  +971 4 123 4567 ", "+971 4 123 4567"],
    ["00 44 20 7946 0958", "00 44 20 7946 0958"],
    ["0300 12345", "0300 12345"],
    ["0300 1234567 ext 12", "0300 1234567 ext 12"],
    ["3001234567", "3001234567"],
    ["9230012345", "9230012345"],
    ["9230012345678", "9230012345678"],
    ["+92 300 12", "+92 300 12"],
    ["+92 0300 12345", "+92 0300 12345"],
    [" 1234567 ", "1234567"],
    ["ask for Imran", "ask for Imran"],
  ])("%j", (typed, stored) => {
    it(`is stored as ${JSON.stringify(stored)}`, () => {
      expect(toE164Phone(typed)).toBe(stored);
    });
    it("is idempotent", () => {
      expect(toE164Phone(stored)).toBe(stored);
    });
  });
});

describe("reading a stored number", () => {
  describe.each([
    // stored, local form, tel: link, WhatsApp link
    ["+923001234567", "0300 1234567", "tel:+923001234567", "https://wa.me/923001234567"],
    ["+923457654321", "0345 7654321", "tel:+923457654321", "https://wa.me/923457654321"],
    // Landlines: grouped after a known two-digit city code, never on WhatsApp.
    ["+924235123456", "042 35123456", "tel:+924235123456", null],
    ["+922134567890", "021 34567890", "tel:+922134567890", null],
    ["+92512345678", "051 2345678", "tel:+92512345678", null],
    ["+92418712345", "041 8712345", "tel:+92418712345", null],
    ["+92614567890", "061 4567890", "tel:+92614567890", null],
    ["+92912345678", "091 2345678", "tel:+92912345678", null],
    ["+92222345678", "022 2345678", "tel:+92222345678", null],
    ["+92523456789", "052 3456789", "tel:+92523456789", null],
    ["+92553456789", "055 3456789", "tel:+92553456789", null],
    ["+92812345678", "081 2345678", "tel:+92812345678", null],
    // Longer area codes are not guessed at: one group after the trunk 0.
    ["+92544123456", "0544123456", "tel:+92544123456", null],
    ["+925822123456", "05822123456", "tel:+925822123456", null],
    // Stored before E.164 (or as typed): read the same way.
    ["+92 300 1234567", "0300 1234567", "tel:+923001234567", "https://wa.me/923001234567"],
    ["  +92 300 1234567  ", "0300 1234567", "tel:+923001234567", "https://wa.me/923001234567"],
    ["+92-321-1234567", "0321 1234567", "tel:+923211234567", "https://wa.me/923211234567"],
    ["0092 300 1234567", "0300 1234567", "tel:+923001234567", "https://wa.me/923001234567"],
    ["0300-1234567", "0300 1234567", "tel:+923001234567", "https://wa.me/923001234567"],
    ["923001234567", "0300 1234567", "tel:+923001234567", "https://wa.me/923001234567"],
    ["+92 42 35123456", "042 35123456", "tel:+924235123456", null],
    ["+92 21 3456 7890", "021 34567890", "tel:+922134567890", null],
    ["+92 (52) 3456789", "052 3456789", "tel:+92523456789", null],
    ["92 42 35123456", "042 35123456", "tel:+924235123456", null],
    // Not Pakistani, or not a full number: shown as stored, dialled by its digits.
    ["+44 20 7946 0958", "+44 20 7946 0958", "tel:+442079460958", null],
    ["+971 4 123 4567", "+971 4 123 4567", "tel:+97141234567", null],
    ["+92 300 12", "+92 300 12", "tel:+9230012", null],
    ["1234", "1234", "tel:1234", null],
    ["", "", null, null],
    ["ask for Imran", "ask for Imran", null, null],
  ])("%j", (stored, local, tel, whatsapp) => {
    it(`reads as ${JSON.stringify(local)}`, () => expect(toLocalPhone(stored)).toBe(local));
    it(`dials ${JSON.stringify(tel)}`, () => expect(telHref(stored)).toBe(tel));
    it(`messages ${JSON.stringify(whatsapp)}`, () => expect(whatsappHref(stored)).toBe(whatsapp));
    it(`is ${whatsapp ? "" : "not "}a Pakistani mobile`, () =>
      expect(isPkMobile(stored)).toBe(whatsapp !== null));
  });
});

describe("typed, stored and read back", () => {
  it.each([
    ["0300-1234567", "0300 1234567", "tel:+923001234567"],
    ["+92 300 1234567", "0300 1234567", "tel:+923001234567"],
    ["923001234567", "0300 1234567", "tel:+923001234567"],
    ["042-35123456", "042 35123456", "tel:+924235123456"],
    ["021 3456 7890", "021 34567890", "tel:+922134567890"],
    ["+44 20 7946 0958", "+44 20 7946 0958", "tel:+442079460958"],
  ])("%j → local %j, %j", (typed, local, tel) => {
    const stored = toE164Phone(typed);
    expect(toLocalPhone(stored)).toBe(local);
    expect(telHref(stored)).toBe(tel);
  });
});

describe("Chat on WhatsApp", () => {
  it("prefills the greeting, encoded so wa.me reads it back whole", () => {
    const text =
      "Hello Ali & Sons Steel, I found you on Karkhana: https://karkhana.example/pk/lahore/welding/ali-sons-steel-1";
    const href = whatsappHref("+923001234567", text);
    expect(href).toBe(
      "https://wa.me/923001234567?text=Hello%20Ali%20%26%20Sons%20Steel%2C%20I%20found%20you%20on%20Karkhana%3A%20https%3A%2F%2Fkarkhana.example%2Fpk%2Flahore%2Fwelding%2Fali-sons-steel-1",
    );
    // wa.me reads the text back as it was written.
    expect(new URL(href!).searchParams.get("text")).toBe(text);
  });

  it("offers no link for a landline or a foreign number, with or without text", () => {
    expect(whatsappHref("+924235123456", "Hello")).toBeNull();
    expect(whatsappHref("+44 20 7946 0958", "Hello")).toBeNull();
  });
});
