import type { MouseEvent } from "react";

/**
 * onMouseDown for a Radix tab trigger. Radix focuses a clicked tab from
 * script, which Chrome then paints with the keyboard focus ring; this selects
 * the tab and focuses it quietly instead. Keyboard use is unchanged, and a
 * modified or non-primary click is left to the browser.
 */
export function selectTabQuietly(select: () => void) {
  return (e: MouseEvent<HTMLButtonElement>) => {
    if (e.button !== 0 || e.ctrlKey || e.currentTarget.disabled) return;
    e.preventDefault();
    e.currentTarget.focus({ focusVisible: false });
    select();
  };
}
