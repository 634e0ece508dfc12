/** How the Insights tabs word their figures. */

const whole = new Intl.NumberFormat("en-PK");

/** 1,250 */
export function formatCount(n: number): string {
  return whole.format(n);
}

export type Trend = "up" | "down" | "flat" | "new" | "none";

/**
 * The change against the previous period as a person reads it: "+12.5%",
 * "−4%", "0%"; "New" when the previous period had none and this one has
 * some; "—" when both had none. `spoken` is the same for screen readers.
 */
export function describeChange(
  now: number,
  change: number | null,
  days: number,
): { text: string; spoken: string; trend: Trend } {
  const against = `than the previous ${days} days`;
  if (change === null) {
    return now > 0
      ? { text: "New", spoken: `none in the previous ${days} days`, trend: "new" }
      : { text: "—", spoken: `none in this or the previous ${days} days`, trend: "none" };
  }
  const size = `${Math.abs(change).toLocaleString("en-PK", { maximumFractionDigits: 1 })}%`;
  if (change > 0) return { text: `+${size}`, spoken: `${size} more ${against}`, trend: "up" };
  if (change < 0) return { text: `−${size}`, spoken: `${size} fewer ${against}`, trend: "down" };
  return { text: "0%", spoken: `the same as the previous ${days} days`, trend: "flat" };
}

/** `2026-11-28` → "28 Nov" (the day as Pakistan counts it, whatever the browser's zone). */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
}

/** `2026-11-28` → "28 Nov 2026". */
export function longDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}
