/**
 * The Urdu error table (decision 022): messages/errors/{en,ur}.json hold every
 * error and validation message under one key, the English text exactly as the
 * code writes it, `{name}` for the parts that vary ("Try again in {minutes}
 * minutes"). Installed into ./errors.ts by the server at start and by Urdu
 * pages in the browser; English pages never load it.
 */
import en from "../../messages/errors/en.json" with { type: "json" };
import ur from "../../messages/errors/ur.json" with { type: "json" };

type Catalog = Record<string, string>;

interface Pattern {
  regex: RegExp;
  names: string[];
  target: string;
}

let exact: Map<string, string> | null = null;
let patterns: Pattern[] = [];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The API's 400 for invalid input lists zod issues as `field: message; other:
 * message` (functions/lib/http.ts describeIssues). Issues break only where the
 * next one starts with a field path, so a message with a "; " of its own stays whole.
 */
const ISSUE_BREAK = /; (?=[A-Za-z][\w.]*: )/;
const FIELD_ISSUE = /^([A-Za-z][\w.]*): (.+)$/s;
/** The placeholder that holds such a list ("Invalid query: {issues}"): translated issue by issue. */
const ISSUES = "issues";

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

/** One whole message of the catalogue in Urdu, or null when it has none. */
function translate(text: string): string | null {
  const found = load().get(text);
  if (found) return found;
  for (const p of patterns) {
    const match = p.regex.exec(text);
    if (!match) continue;
    return p.target.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const i = p.names.indexOf(name);
      if (i === -1) return whole;
      const value = match[i + 1] ?? "";
      return name === ISSUES ? (translateIssues(value) ?? value) : value;
    });
  }
  return null;
}

/** One issue, `field: message` or a bare message; null when the catalogue lacks it. */
function translateIssue(issue: string): string | null {
  const whole = translate(issue);
  if (whole !== null) return whole;
  const field = FIELD_ISSUE.exec(issue);
  const message = field ? translate(field[2]!) : null;
  return message === null ? null : `${field![1]}: ${message}`;
}

/**
 * A list of zod issues, each translated: field paths stay as they are (they
 * name the payload's fields, and src/lib/server-errors.ts reads them back).
 * Null when no issue was translated.
 */
function translateIssues(text: string): string | null {
  let changed = false;
  const issues = text.split(ISSUE_BREAK).map((issue) => {
    // Issues without a field (a schema of one value) break at every "; ".
    const parts = translateIssue(issue) === null ? issue.split("; ") : [issue];
    return parts
      .map((part) => {
        const done = translateIssue(part);
        if (done === null) return part;
        changed = true;
        return done;
      })
      .join("; ");
  });
  return changed ? issues.join("; ") : null;
}

/** `text` in Urdu, or null when the table knows no part of it. */
export function translateError(text: string): string | null {
  return translate(text) ?? translateIssues(text);
}

/** For tests: forget the compiled table (after the catalogue changed). */
export function resetErrorCatalog(): void {
  exact = null;
  patterns = [];
}
