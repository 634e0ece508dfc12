import { Tooltip } from "radix-ui";
import type { ReactElement } from "react";

/**
 * Tooltips open after 700 ms (not on a passing pointer); moving between them
 * within 300 ms skips the delay.
 */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * A short hint on hover or keyboard focus; the trigger keeps its own
 * accessible name. Carries its own provider, so it works in any island.
 */
export function Tip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={6}
            className="rounded-control bg-ink shadow-raised z-50 px-2.5 py-1.5 text-xs font-medium text-white"
          >
            {label}
            <Tooltip.Arrow className="fill-ink" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
