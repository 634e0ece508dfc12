import { Info } from "lucide-react";
import type { ReactNode } from "react";
import { m } from "../../i18n/index.ts";
import { inSentence } from "./view.ts";

/**
 * The provider page's 'Request a Quote' box: static, so it costs an anonymous
 * view nothing; only the button inside (QuoteButton) is an island. A listing
 * without an owner says why it takes no requests (the API answers 409 to
 * one) instead of offering a button that could only fail.
 */
export function QuoteBox({
  companyName,
  claimed,
  children,
}: {
  companyName: string;
  claimed: boolean;
  /** The button (QuoteButton, as an island on the pre-rendered page). */
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby="quote-heading"
      className="rounded-card border-line bg-surface shadow-card border p-5"
    >
      <h2 id="quote-heading" className="text-ink text-lg font-semibold">
        {m.leads_box_heading()}
      </h2>
      {claimed ? (
        <>
          <p className="text-ink-soft mt-1 mb-4 text-sm">
            {m.leads_box_intro({ company: inSentence(companyName) })}
          </p>
          {children}
        </>
      ) : (
        <p className="text-ink-soft mt-2 flex items-start gap-2 text-sm">
          <Info aria-hidden="true" className="text-ink-muted mt-0.5 size-4 shrink-0" />
          {m.leads_unclaimed()}
        </p>
      )}
    </section>
  );
}
