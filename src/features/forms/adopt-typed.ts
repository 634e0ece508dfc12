import { useLayoutEffect, useRef, type RefObject } from "react";

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isControl = (el: unknown): el is Control =>
  el instanceof HTMLInputElement ||
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLSelectElement;

/** The non-empty values of the controls named `names` in `form`, by name. */
export function readTyped(
  form: Pick<HTMLFormElement, "elements"> | null,
  names: readonly string[],
): Record<string, string> {
  const typed: Record<string, string> = {};
  if (!form) return typed;
  for (const name of names) {
    const el = form.elements.namedItem(name);
    if (isControl(el) && el.value !== "") typed[name] = el.value;
  }
  return typed;
}

/**
 * What was typed or autofilled into a server-rendered form before its island
 * hydrated is in the DOM but not in the island's state, and React's next
 * render of a field puts the state's value back: submitted, the form would
 * send nothing ('Email is required' beside a filled field). So the island
 * adopts the DOM's values once, as it hydrates, before anyone can press
 * anything (a layout effect runs before the browser handles the next event).
 * Decision 027.
 */
export function useAdoptTyped(
  form: RefObject<Pick<HTMLFormElement, "elements"> | null>,
  names: readonly string[],
  adopt: (typed: Record<string, string>) => void,
): void {
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current) return;
    done.current = true;
    const typed = readTyped(form.current, names);
    if (Object.keys(typed).length > 0) adopt(typed);
  });
}
