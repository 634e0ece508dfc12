import { describe, expect, it } from "vitest";
import { telHref, toLocalPhone, whatsappHref } from "./phone.ts";

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
