/**
 * The response headers both runtimes send, in one place: the Node server adds
 * them to the files it serves and the app adds them to its own answers; the
 * build writes them into dist/_headers, which Workers static assets apply to
 * the pages Cloudflare serves without running the Worker.
 *
 * Each page's own CSP <meta> (astro.config.mjs `security.csp`) carries its
 * sources: script hashes computed at build time, styles, images, connections.
 * A page is bound by every policy it receives, so the header adds only what
 * a <meta> policy cannot say (frame-ancestors) and what holds for any answer;
 * a `default-src` here would block the hashed inline scripts the meta allows.
 */
export const CONTENT_SECURITY_POLICY = [
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
  // As the <meta>: a form sent before its script runs may be answered with a redirect to
  // Google's consent screen ('Continue with Google', functions/routes/forms.ts).
  "form-action 'self' https://accounts.google.com",
].join("; ");

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
};

/**
 * HSTS for one year, subdomains included (not
 * `preload`, which is a one-way submission the owner should choose). Sent
 * only on https answers: over http a browser ignores it, and a local
 * http://127.0.0.1 run has nothing to upgrade to.
 */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/** Static-file headers for a site at `siteUrl`: the security headers, plus HSTS when it is https. */
export function staticSecurityHeaders(siteUrl: string | undefined): Record<string, string> {
  return siteUrl?.startsWith("https:")
    ? { ...SECURITY_HEADERS, "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY }
    : { ...SECURITY_HEADERS };
}

/** Astro fingerprints everything under /_astro, so those bytes never change. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Pages change with every publish: always revalidate (cheap with ETag / Last-Modified). */
export const REVALIDATE = "public, max-age=0, must-revalidate";

export function cacheControlFor(path: string, contentType: string): string {
  if (path.startsWith("/_astro/")) return IMMUTABLE;
  if (contentType.startsWith("text/html")) return REVALIDATE;
  return "public, max-age=3600";
}

/**
 * Workers static assets' `_headers` file with the same rules (docs/deploy.md),
 * for a build of the site at `siteUrl` (HSTS only when that is https). The
 * default is what the build itself reads: `npm run deploy` exports the https
 * origin, the local preview sets none (and serves http).
 */
export function headersFile(siteUrl = process.env.PUBLIC_SITE_URL): string {
  const block = (pattern: string, headers: Record<string, string>) =>
    [pattern, ...Object.entries(headers).map(([k, v]) => `  ${k}: ${v}`)].join("\n");
  return (
    [
      block("/*", staticSecurityHeaders(siteUrl)),
      block("/_astro/*", { "Cache-Control": IMMUTABLE }),
      block("/sitemap*", { "Cache-Control": "public, max-age=3600" }),
    ].join("\n\n") + "\n"
  );
}

/**
 * Workers static assets' `_redirects` file. Our URLs never end in a slash;
 * the Node server answers such a URL with a 301 to the same path without it,
 * and this makes Cloudflare do the same (its own html_handling would answer 307).
 * The rule runs before html_handling and keeps the query string.
 */
export function redirectsFile(): string {
  return "/*/ /:splat 301\n";
}

/** Files of the build that configure the host and are never served. */
export const HOST_CONFIG_FILES = new Set(["/_headers", "/_redirects", "/.assetsignore"]);
