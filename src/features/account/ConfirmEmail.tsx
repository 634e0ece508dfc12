import { useStore } from "@nanostores/react";
import { CircleAlert, LoaderCircle, MailCheck } from "lucide-react";
import { useState } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { localizeError } from "../../i18n/errors.ts";
import { currentLocale, localHref, m } from "../../i18n/index.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import { confirmEmailSchema } from "../../lib/auth-schemas.ts";
import { afterConfirmation, takeNextForConfirmation } from "../auth/flow.ts";
import { fillSlots } from "../../i18n/slots.tsx";
import { failureMessage } from "../forms/use-submit.ts";
import { $linkToken } from "./link-token.ts";
import { ScreenCard, textLink } from "./ScreenCard.tsx";

/**
 * /confirm-email#token=…. Mail scanners open every link they
 * see, so opening this page confirms nothing: the person presses the button,
 * which POSTs the token, then goes on to sign in.
 */
export function ConfirmEmail() {
  const link = useStore($linkToken, { ssr: "initial" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (link.status === "reading") {
    return (
      <ScreenCard
        icon={<MailCheck aria-hidden="true" className="size-6" />}
        title={m.account_confirm_title()}
      >
        <p className="text-ink-soft mt-2" role="status">
          {m.account_reading_link()}
        </p>
      </ScreenCard>
    );
  }

  const parsed = confirmEmailSchema.safeParse({ token: link.token ?? "" });
  if (!parsed.success) {
    return (
      <ScreenCard
        icon={<CircleAlert aria-hidden="true" className="size-6" />}
        title={m.account_link_incomplete()}
      >
        <p className="text-ink-soft mt-2">
          {localizeError(
            parsed.error.issues[0]?.message ?? m.account_link_incomplete_text(),
            currentLocale(),
          )}
        </p>
        <p className="text-ink-soft mt-4 text-sm">{m.account_need_new_link()}</p>
        <a href={localHref("/login")} className={buttonClass("primary", "lg", "mt-4 w-full")}>
          {m.account_go_to_sign_in()}
        </a>
      </ScreenCard>
    );
  }

  const onConfirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await unwrap(api.auth.confirm.$post({ json: parsed.data }));
      // The server names the portal; anything but a path on this site falls back to /login.
      location.assign(
        afterConfirmation(answer.signInPath, currentLocale(), takeNextForConfirmation()),
      );
      // Stay busy: the page is leaving.
    } catch (err) {
      setBusy(false);
      setError(failureMessage(err, m.account_link_expired()));
    }
  };

  return (
    <ScreenCard
      icon={<MailCheck aria-hidden="true" className="size-6" />}
      title={m.account_confirm_title()}
    >
      <p className="text-ink-soft mt-2">{m.account_confirm_intro()}</p>
      {error && (
        <div
          role="alert"
          className="rounded-card border-danger-border bg-danger-soft mt-4 border p-4 text-sm"
        >
          <p className="text-ink font-semibold">{m.account_confirm_failed()}</p>
          <p className="text-ink-soft mt-0.5 break-words">{error}</p>
          <p className="text-ink-soft mt-2">
            {fillSlots(m.account_new_link_how({ action: "{action}" }), {
              action: <span className="font-semibold">{m.auth_resend_confirmation()}</span>,
            })}
          </p>
          <a href={localHref("/login")} className={textLink}>
            {m.account_sign_in_for_new_link()}
          </a>
        </div>
      )}
      <button
        type="button"
        onClick={() => void onConfirm()}
        aria-disabled={busy || undefined}
        className={buttonClass(
          "primary",
          "lg",
          "mt-6 w-full aria-disabled:cursor-progress aria-disabled:opacity-80",
        )}
      >
        {busy && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
        {busy ? m.account_confirming() : m.account_confirm_button()}
      </button>
    </ScreenCard>
  );
}
