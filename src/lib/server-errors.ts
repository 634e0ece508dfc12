/**
 * The API answers an invalid body with 400 and one sentence listing the
 * problems, `field: message; other: message` (functions/lib/http.ts,
 * describeIssues). This reads it back into per-field messages, so a form can
 * show the server's objection next to the field it is about.
 */
export function serverFieldErrors<F extends string>(
  message: string | null | undefined,
  /** Maps a payload field (`website`) to the form field that shows it; unknown ones are dropped. */
  fieldOf: Readonly<Record<string, F>>,
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  if (!message) return out;
  for (const part of message.split("; ")) {
    const m = /^([A-Za-z][\w.]*): (.+)$/.exec(part.trim());
    if (!m) continue;
    const field = Object.hasOwn(fieldOf, m[1]!) ? fieldOf[m[1]!] : undefined;
    if (field) out[field] ??= m[2]!;
  }
  return out;
}
