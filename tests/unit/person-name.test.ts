/**
 * A person's name holds letters and the punctuation names need, never a link
 * or an address (decision 028): the sign-up schema (the form and the API),
 * Google's profile names (made to fit, not refused) and what mails to
 * providers show of names stored before the rule.
 */
import { describe, expect, it } from "vitest";
import {
  customerMessageMessage,
  customerMailName,
  newLeadMessage,
} from "../../functions/lib/lead-emails.ts";
import { installErrorTable, localizeError } from "../../src/i18n/errors.ts";
import { translateError } from "../../src/i18n/error-table.ts";
import { signupSchema } from "../../src/lib/auth-schemas.ts";
import { isPersonName, sanitizePersonName } from "../../src/lib/person-name.ts";

installErrorTable(translateError);

const SIGNUP = {
  firstName: "Hina",
  lastName: "Raza",
  email: "hina@example.pk",
  password: "correct horse battery",
};

/** The one message the sign-up schema gives for `firstName`, or null when it is accepted. */
function firstNameMessage(firstName: string): string | null {
  const r = signupSchema.safeParse({ ...SIGNUP, firstName });
  if (r.success) return null;
  const messages = r.error.issues.map((i) => i.message);
  expect(messages).toHaveLength(1);
  return messages[0]!;
}

describe("names the sign-up accepts (stored tidied)", () => {
  it.each([
    ["Hina", "Hina"],
    ["  Ali   Raza ", "Ali Raza"],
    ["عائشہ", "عائشہ"],
    ["محمد علی", "محمد علی"],
    ["نرگس\u200Cجان", "نرگس\u200Cجان"], // Urdu typed with a zero-width non-joiner
    ["O'Brien", "O'Brien"],
    ["D’Souza", "D’Souza"],
    ["Jean-Luc", "Jean-Luc"],
    ["M.A.", "M.A."],
    ["St. John", "St. John"],
    ["Zoë", "Zoë"],
    ["e\u0301clair", "éclair"], // a combining mark, stored composed
    ["Ng\u0169", "Ngũ"],
    ["Дмитрий", "Дмитрий"],
  ])("%j → %j", (input, stored) => {
    const r = signupSchema.safeParse({ ...SIGNUP, firstName: input, lastName: input });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ firstName: stored, lastName: stored });
  });
});

describe("names the sign-up refuses, with the message in English and Urdu", () => {
  const ADDRESS: [string, string] = [
    "First name cannot be a web or email address",
    "پہلا نام ویب سائٹ یا ای میل کا پتا نہیں ہو سکتا",
  ];
  const CHARS: [string, string] = [
    "First name can only contain letters, spaces, apostrophes, hyphens and periods",
    "پہلے نام میں صرف حروف، خالی جگہ، اپوسٹروفی، ہائفن اور نقطے ہو سکتے ہیں",
  ];
  const LETTER: [string, string] = [
    "First name must start with a letter",
    "پہلا نام کسی حرف سے شروع ہونا چاہیے",
  ];
  it.each<[string, [string, string]]>([
    ["evil.com", ADDRESS],
    ["Visit evil.shop now", ADDRESS],
    ["www.example", ADDRESS],
    ["WWW.Example", ADDRESS],
    ["http://evil.example", ADDRESS],
    ["ali@example.pk", ADDRESS],
    ["ali@", ADDRESS],
    ["javascript:alert", ADDRESS],
    ["a\u200C.com", ADDRESS], // an invisible joiner does not hide a domain
    ["مثال.پاکستان", ADDRESS], // a domain in Urdu script
    ["12345", CHARS],
    ["0300 1234567", CHARS],
    ["Ali2", CHARS],
    ["Ali 😀", CHARS],
    ["<b>Ali", CHARS],
    ["Ali_Raza", CHARS],
    ["'Ali", LETTER],
    ["-Ali", LETTER],
    [". Ali", LETTER],
    ["", ["First name is required", "پہلا نام ضروری ہے"]],
    ["   ", ["First name is required", "پہلا نام ضروری ہے"]],
    [
      "a".repeat(101),
      [
        "First name must be at most 100 characters",
        "پہلا نام زیادہ سے زیادہ 100 حروف کا ہو سکتا ہے",
      ],
    ],
  ])("%j", (input, [english, urdu]) => {
    expect(firstNameMessage(input)).toBe(english);
    expect(localizeError(english, "ur")).toBe(urdu);
  });

  it("names the field: the last name's messages say Last name, in both languages", () => {
    const r = signupSchema.safeParse({ ...SIGNUP, lastName: "x.com" });
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["lastName", "Last name cannot be a web or email address"],
    ]);
    expect(localizeError("Last name cannot be a web or email address", "ur")).toBe(
      "آخری نام ویب سائٹ یا ای میل کا پتا نہیں ہو سکتا",
    );
  });
});

describe("Google's profile names are made to fit, not refused", () => {
  it.each([
    ["Ayesha", "Ayesha"],
    ["Ali123 Khan", "Ali Khan"],
    ["😀 Sara", "Sara"],
    ["evil.com Ahmed", "Ahmed"],
    ["Ahmed (evil.com)", "Ahmed"],
    ["J.R.R.", "J.R.R."],
    ["http://x.y/z", null],
    ["www.bit.ly", null],
    ["12345", null],
    ["  ", null],
    [undefined, null],
    [`${"Abcdefghij ".repeat(12)}`, "Abcdefghij ".repeat(9).trim()],
  ])("%j → %j", (raw, kept) => {
    const name = sanitizePersonName(raw);
    expect(name).toBe(kept);
    if (name !== null) expect(isPersonName(name)).toBe(true);
  });
});

describe("mails to providers name the customer only by what passes the rule", () => {
  it.each([
    ["Hina", "Raza", "en", "Hina R."],
    ["Visit evil.com", "Raza", "en", "R."],
    ["http://evil.example", "0300 1234567", "en", "Customer"],
    ["evil.com", null, "ur", "گاہک"],
    [null, null, "en", "Customer"],
  ] as const)("%j %j (%s) → %j", (first, last, locale, shown) => {
    expect(customerMailName(first, last, locale)).toBe(shown);
  });

  it("a legacy name with a link never reaches the mail, in text or html", () => {
    const customerName = customerMailName("Win a prize at evil.com", "Khan", "en");
    const mail = newLeadMessage("owner@example.pk", "en", {
      companyName: "Lahore Steel",
      customerName,
      city: "Lahore",
      link: "https://karkhana.pk/provider-dashboard",
    });
    for (const body of [mail.text, mail.html]) expect(body).not.toContain("evil");
    expect(mail.text).toContain("K. from Lahore asked Lahore Steel for a quote");
    expect(mail.html).toContain("K.&#8204; from Lahore asked Lahore Steel for a quote");
  });

  it("names in the html carry a zero-width non-joiner after each period, so no client links them", () => {
    const mail = customerMessageMessage("owner@example.pk", "en", {
      companyName: "Steel.pk Works",
      customerName: "M.A. J.",
      link: "https://karkhana.pk/provider-dashboard",
    });
    expect(mail.html).toContain("M.&#8204;A.&#8204; J.&#8204; wrote");
    expect(mail.html).toContain("Steel.&#8204;pk Works");
    expect(mail.html).not.toMatch(/Steel\.pk/);
    // The plain text reads as typed; our own link still works.
    expect(mail.text).toContain(
      "M.A. J. wrote in the thread of their quote request to Steel.pk Works",
    );
    expect(mail.html).toContain('href="https://karkhana.pk/provider-dashboard"');
  });
});
