import { LockKeyhole } from "lucide-react";
import { buttonClass } from "../../components/ui/button.ts";

/**
 * The Contact box. Contact details are for signed-in users only (spec §2), and
 * pre-rendered HTML is the same for everyone, so this renders the sign-in
 * prompt. It is its own component so a later change can hydrate it as an
 * island that asks the API for the details when the visitor is signed in.
 */
export function ContactCard(_props: { providerId: string }) {
  return (
    <section
      aria-labelledby="contact-heading"
      className="rounded-card border-line bg-surface shadow-card border p-5"
    >
      <h2 id="contact-heading" className="text-ink text-lg font-semibold">
        Contact
      </h2>
      <div className="mt-3 flex items-start gap-3">
        <span className="bg-primary-soft text-primary-dark flex size-10 shrink-0 items-center justify-center rounded-full">
          <LockKeyhole aria-hidden="true" className="size-5" />
        </span>
        <p className="text-ink-soft text-sm">Sign in to view this provider's contact details.</p>
      </div>
      <a href="/login" className={buttonClass("primary", "lg", "mt-4 w-full")}>
        Sign In
      </a>
    </section>
  );
}
