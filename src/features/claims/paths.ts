/**
 * The addresses of the claim and suggest-an-edit screens (English; callers
 * take them into the page's language with localHref). Pure, so the provider
 * page, the screens and their tests agree on one spelling.
 */

/** `/claim-listing?provider={id}`: 'Claim this business'. */
export function claimPagePath(providerId: string): string {
  return `/claim-listing?provider=${encodeURIComponent(providerId)}`;
}

/** `/suggest-edit?provider={id}`: 'Suggest an edit' (the edits screens' page). */
export function suggestEditPath(providerId: string): string {
  return `/suggest-edit?provider=${encodeURIComponent(providerId)}`;
}

/** `/claim-listing/confirm#token=…`: the emailed link, the token kept in the fragment. */
export function confirmPagePath(token: string): string {
  return `/claim-listing/confirm#token=${encodeURIComponent(token)}`;
}

/** The sign-in page, coming back to `path` (a site path in the page's language) afterwards. */
export function signInPath(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}

/** The `provider` of `?provider=…` when it is a UUID (lower-cased), else null. */
export function providerFromSearch(search: string): string | null {
  const raw = new URLSearchParams(search).get("provider")?.trim() ?? "";
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw)
    ? raw.toLowerCase()
    : null;
}
