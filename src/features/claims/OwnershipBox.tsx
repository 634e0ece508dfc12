import { PencilLine, Store } from "lucide-react";
import { buttonClass } from "../../components/ui/button.ts";
import { localHref, m } from "../../i18n/index.ts";
import { claimPagePath, suggestEditPath } from "./paths.ts";

/**
 * The provider page's 'Is this your business?' box (decision 025): plain links
 * only, so it costs an anonymous view nothing (no island, no API call). An
 * unclaimed listing offers 'Claim this business' and 'Suggest an edit'; a
 * claimed one only 'Suggest an edit' (its owner reviews the proposal). Who
 * may do either is decided on the page each link opens.
 */
export function OwnershipBox({ providerId, claimed }: { providerId: string; claimed: boolean }) {
  const suggest = (
    <a
      href={localHref(suggestEditPath(providerId))}
      className="text-primary-dark inline-flex min-h-11 items-center gap-1.5 font-semibold underline-offset-2 hover:underline"
    >
      <PencilLine aria-hidden="true" className="size-4 shrink-0" />
      {m.claims_box_suggest_edit()}
    </a>
  );

  if (claimed) {
    return (
      <div className="rounded-card border-line bg-surface border px-5 py-2 text-sm">
        <p className="text-ink-soft flex flex-wrap items-center gap-x-2">
          {m.claims_box_edit_text()} {suggest}
        </p>
      </div>
    );
  }

  return (
    <section
      aria-labelledby="ownership-heading"
      className="rounded-card border-line bg-surface shadow-card border p-5"
    >
      <h2 id="ownership-heading" className="text-ink flex items-center gap-2 text-lg font-semibold">
        <Store aria-hidden="true" className="text-primary size-5 shrink-0" />
        {m.claims_box_heading()}
      </h2>
      <p className="text-ink-soft mt-1 text-sm">{m.claims_box_text()}</p>
      <a
        href={localHref(claimPagePath(providerId))}
        className={buttonClass("secondary", "md", "mt-4 w-full")}
      >
        {m.claims_box_claim()}
      </a>
      <p className="border-line text-ink-soft mt-4 flex flex-wrap items-center gap-x-2 border-t pt-2 text-sm">
        {m.claims_box_edit_text()} {suggest}
      </p>
    </section>
  );
}
