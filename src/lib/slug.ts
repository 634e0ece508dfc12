/** Longest slug; a longer one is cut to this. */
export const SLUG_MAX_LENGTH = 60;

/**
 * The slug rule of every URL: lowercase, trim, keep only letters, digits, spaces and
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
