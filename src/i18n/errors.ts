/**
 * Error and validation messages in the reader's language (decision 022).
 *
 * The API and the shared zod schemas speak the spec's English error catalogue
 * (tests and clients match it verbatim). An Urdu reader gets each message
 * through this one table: messages/errors/{en,ur}.json hold every message
 * under one key, the English text exactly as the code writes it, `{name}` for
 * the parts that vary ("Try again in {minutes} minutes"). The API translates
 * its `{ "error": … }` answers (functions/lib/localize-errors.ts); the islands
 * translate what their forms check before sending.
 */
import en from "../../messages/errors/en.json" with { type: "json" };
import ur from "../../messages/errors/ur.json" with { type: "json" };
import type { Locale } from "./locales.ts";

type Catalog = Record<string, string>;

interface Pattern {
  regex: RegExp;
  names: string[];
  target: string;
}

let exact: Map<string, string> | null = null;
let patterns: Pattern[] = [];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function load(): Map<string, string> {
  if (exact) return exact;
  exact = new Map();
  const target = ur as Catalog;
  for (const [key, source] of Object.entries(en as Catalog)) {
    const translated = target[key];
    if (key.startsWith("$") || !translated) continue;
    if (!source.includes("{")) {
      exact.set(source, translated);
      continue;
    }
    const names: string[] = [];
    const parts = source.split(/\{(\w+)\}/);
    const regex = parts
      .map((part, i) => {
        if (i % 2 === 0) return escape(part);
        names.push(part);
        return "(.+?)";
      })
      .join("");
    patterns.push({ regex: new RegExp(`^${regex}$`, "s"), names, target: translated });
  }
  return exact;
}

/** `text` in `locale`; text the catalogue does not know is returned as it is. */
export function localizeError(text: string, locale: Locale): string {
  if (locale === "en" || !text) return text;
  const found = load().get(text);
  if (found) return found;
  for (const p of patterns) {
    const match = p.regex.exec(text);
    if (!match) continue;
    return p.target.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const i = p.names.indexOf(name);
      return i === -1 ? whole : (match[i + 1] ?? "");
    });
  }
  return text;
}

/** For tests: forget the compiled table (after the catalogue changed). */
export function resetErrorCatalog(): void {
  exact = null;
  patterns = [];
}
