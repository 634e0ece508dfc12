/** Longest slug the spec allows (§3, §9). */
export const SLUG_MAX_LENGTH = 60;

/**
 * The spec's slug rule: lowercase, trim, keep only letters, digits, spaces and
 * hyphens, spaces to hyphens, collapse repeated hyphens, cut to 60 characters.
 * "Letters" are Unicode letters so Urdu names keep a readable slug.
 */
export function slugify(input: string): string {
  return input
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{M}\p{N}\s-]/gu, "")
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .slice(0, SLUG_MAX_LENGTH);
}
