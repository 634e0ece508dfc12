/**
 * `?next=` values that try to leave the site, for every place a `next` is read
 * (decision 027): the table-driven tests of the browser's flows (unit) and of
 * the server's (API) all walk this one list.
 */
export const HOSTILE_NEXT: readonly string[] = [
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/%2F%2Fevil.example",
  "/%2f/evil.example",
  "/%5Cevil.example",
  "/%5c%5cevil.example",
  "%2F%2Fevil.example",
  "%5C%5Cevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\u0000/evil.example",
  "/ur//evil.example",
  "/ur/\\evil.example",
  "/ur/%2F%2Fevil.example",
  "/ur/%5Cevil.example",
  "/ur/\t/evil.example",
  "/ur/\n/evil.example",
  "/ur///evil.example",
  "/..//evil.example",
  "/ur/..//evil.example",
  "/%2e%2e//evil.example",
  "/.%2e//evil.example",
  "/pk/../..//evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "/javascript:alert(1)//",
  "data:text/html,<script>alert(1)</script>",
  "http://evil.example/",
  "https://evil.example/path",
  "https:evil.example",
  "https:/evil.example",
  "http:\\\\evil.example",
  " /favorites",
  " //evil.example",
  "\t//evil.example",
  "\n//evil.example",
  "/favorites\\..\\..\\evil.example",
  "evil.example",
  "",
];

/** The site's own origin in these tests. */
const ORIGIN = "https://karkhana.example";

/**
 * Whether a browser sent to `location` (a Location header, or what the page
 * passes to location.assign) stays on the site's own origin. Browsers also
 * strip tabs and line breaks and read backslashes as slashes before resolving.
 */
export function staysOnSite(location: string): boolean {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point here
  if (/[\u0000-\u001f\\]/.test(location)) return false;
  if (!location.startsWith("/") || location.startsWith("//")) return false;
  return new URL(location, ORIGIN).origin === ORIGIN;
}
