import { z } from "zod";

/*
 * A person's first or last name (docs/decisions/028-pending-sign-ups-names-counts-and-local-demo.md).
 * A customer's name goes into mails to providers, so it holds letters of any
 * script (Urdu included) with their combining marks, and the punctuation
 * names need: spaces, apostrophes, hyphens and periods. Never a digit, a
 * symbol, a link or an address: our mail must not carry a stranger's link.
 */

export const PERSON_NAME_MAX = 100;

/**
 * Letters and combining marks of any script; ZWNJ, which Urdu and Persian
 * typing puts between letters that must not join; space, apostrophes (' ’),
 * hyphens (- ‐) and the period. (ʼ U+02BC is a letter already.)
 */
const NAME_CHARS = /^[\p{L}\p{M}\u200C '’.\-‐]+$/u;
const STARTS_WITH_LETTER = /^\p{L}/u;
/**
 * What a mail client would turn into a link: an address, a scheme, `www.`, or
 * a word followed by a period and two or more letters (`evil.com`). Initials
 * (`M.A.`, `J.R.R.`) pass: a top-level domain has at least two letters.
 */
const ADDRESS_LIKE = /[@:/]|www\.|[\p{L}\p{M}]\.[\p{L}\p{M}]{2,}/iu;

/** ZWNJ is invisible: `a\u200C.com` reads as `a.com`, so the address check looks through it. */
const looksLikeAddress = (text: string) => ADDRESS_LIKE.test(text.replace(/\u200C/gu, ""));

/** Trimmed, NFC, runs of spaces as one: how a name is compared and stored. */
export function tidyName(raw: string): string {
  return raw.normalize("NFC").replace(/\s+/gu, " ").trim();
}

/** The reason `name` (already tidied) is not a name, or null when it is one. */
function nameProblem(name: string, label: string): string | null {
  if (looksLikeAddress(name)) return `${label} cannot be a web or email address`;
  if (!NAME_CHARS.test(name)) {
    return `${label} can only contain letters, spaces, apostrophes, hyphens and periods`;
  }
  if (!STARTS_WITH_LETTER.test(name)) return `${label} must start with a letter`;
  return null;
}

/** Whether a stored name passes today's rule (older accounts may hold anything). */
export function isPersonName(name: string | null | undefined): name is string {
  if (!name) return false;
  const tidy = tidyName(name);
  return tidy.length > 0 && tidy.length <= PERSON_NAME_MAX && nameProblem(tidy, "") === null;
}

/** The sign-up form's first or last name; the same schema checks it on the server. */
export function personNameSchema(label: string) {
  return z
    .string({ error: `${label} is required` })
    .overwrite(tidyName)
    .min(1, { error: `${label} is required` })
    .max(PERSON_NAME_MAX, { error: `${label} must be at most ${PERSON_NAME_MAX} characters` })
    .superRefine((name, ctx) => {
      // One message per field: the bounds above speak for an empty or overlong name.
      if (!name || name.length > PERSON_NAME_MAX) return;
      const problem = nameProblem(name, label);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

/**
 * A name from elsewhere (Google's profile) made to fit the rule rather than
 * refused: words that look like an address are dropped, other characters a
 * name cannot hold are removed, and what is left is cut at a word to the
 * length limit. Null when nothing is left.
 */
export function sanitizePersonName(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const words: string[] = [];
  for (const word of tidyName(raw).split(" ")) {
    const kept = word
      .replace(/[^\p{L}\p{M}\u200C'’.\-‐]/gu, "")
      .replace(/^[^\p{L}]+/u, "")
      .replace(/\u200C+$/u, "");
    if (!kept || looksLikeAddress(word) || looksLikeAddress(kept)) continue;
    if ([...words, kept].join(" ").length > PERSON_NAME_MAX) break;
    words.push(kept);
  }
  const name = words.join(" ");
  return isPersonName(name) ? name : null;
}
