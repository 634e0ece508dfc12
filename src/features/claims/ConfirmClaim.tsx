import { useStore } from "@nanostores/react";
import { BadgeCheck, CircleAlert, LoaderCircle, LockKeyhole } from "lucide-react";
import { buttonClass } from "../../components/ui/button.ts";
import { localHref, m } from "../../i18n/index.ts";
import { fillSlots } from "../../i18n/slots.tsx";
import { claimConfirmSchema } from "../../lib/claim-schemas.ts";
import { $linkToken } from "../account/link-token.ts";
import { ScreenCard } from "../account/ScreenCard.tsx";
import { $session } from "../auth/session.ts";
import { confirmPagePath, signInPath } from "./paths.ts";
import { $claimConfirm, confirmClaim } from "./confirm-store.ts";

/**
 * /claim-listing/confirm#token=… (decision 025). Mail scanners open every link
 * they see, so opening the page changes nothing: the signed-in person presses
 * Confirm, which POSTs the token, and the listing goes to their account
 * (holding the link is the proof, decision 029). Signed out, they sign in and
 * come back with the token (the fragment rides along in `next`); the server
 * refuses an expired link or a listing claimed meanwhile, and the page says
 * which.
 */
export function ConfirmClaim() {
  const link = useStore($linkToken, { ssr: "initial" });
  const session = useStore($session, { ssr: "initial" });
  const state = useStore($claimConfirm, { ssr: "initial" });

  if (link.status === "reading" || (session.status === "loading" && link.token)) {
    return (
      <ScreenCard
        icon={<BadgeCheck aria-hidden="true" className="size-6" />}
        title={m.claims_confirm_title()}
      >
        <p className="text-ink-soft mt-2" role="status">
          {m.claims_reading_link()}
        </p>
      </ScreenCard>
    );
  }

  const parsed = claimConfirmSchema.safeParse({ token: link.token ?? "" });
  if (!parsed.success) {
    return (
      <ScreenCard
        icon={<CircleAlert aria-hidden="true" className="size-6" />}
        title={m.claims_link_incomplete_title()}
      >
        <p className="text-ink-soft mt-2">{m.claims_link_incomplete_text()}</p>
        <a href={localHref("/pk")} className={buttonClass("outline", "lg", "mt-6 w-full")}>
          {m.claims_browse()}
        </a>
      </ScreenCard>
    );
  }
  const { token } = parsed.data;

  if (session.status === "unauthenticated") {
    // Back to this page with the token: localHref keeps the fragment, the sign-in page follows `next`.
    const back = localHref(confirmPagePath(token));
    return (
      <ScreenCard
        icon={<LockKeyhole aria-hidden="true" className="size-6" />}
        title={m.claims_confirm_sign_in_title()}
      >
        <p className="text-ink-soft mt-2">{m.claims_confirm_sign_in_text()}</p>
        <a
          href={localHref(signInPath(back))}
          className={buttonClass("primary", "lg", "mt-6 w-full")}
        >
          {m.claims_sign_in()}
        </a>
      </ScreenCard>
    );
  }

  const busy = state.status === "sending" || state.status === "done";
  return (
    <ScreenCard
      icon={<BadgeCheck aria-hidden="true" className="size-6" />}
      title={m.claims_confirm_title()}
    >
      <p className="text-ink-soft mt-2">{m.claims_confirm_text()}</p>
      {session.user && (
        <p className="text-ink-soft mt-3 text-sm">
          {fillSlots(m.claims_signed_in_as({ email: "{email}" }), {
            email: (
              <bdi dir="ltr" className="text-ink font-semibold break-all">
                {session.user.email}
              </bdi>
            ),
          })}
        </p>
      )}
      {state.status === "failed" && (
        <div
          role="alert"
          className="rounded-card border-danger-border bg-danger-soft mt-4 border p-4 text-sm"
        >
          <p className="text-ink font-semibold">{m.claims_confirm_failed()}</p>
          <p className="text-ink-soft mt-0.5 break-words">{state.message}</p>
          <p className="text-ink-soft mt-2">{m.claims_confirm_failed_hint()}</p>
        </div>
      )}
      <button
        type="button"
        onClick={() => void confirmClaim(token)}
        aria-disabled={busy || undefined}
        className={buttonClass(
          "primary",
          "lg",
          "mt-6 w-full aria-disabled:cursor-progress aria-disabled:opacity-80",
        )}
      >
        {busy && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
        {busy ? m.claims_confirming() : m.claims_confirm_button()}
      </button>
    </ScreenCard>
  );
}
