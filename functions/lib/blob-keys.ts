/**
 * A blob key is a relative path of safe segments (`providers/{id}/cover_1.jpg`):
 * no empty, `.` or `..` segments, no backslashes, nothing outside [A-Za-z0-9._-].
 */
export function isSafeBlobKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key
    .split("/")
    .every((seg) => seg !== "" && seg !== "." && seg !== ".." && /^[A-Za-z0-9._-]+$/.test(seg));
}
