import { useStore } from "@nanostores/react";
import { CircleAlert, CircleCheck, LoaderCircle, MailCheck } from "lucide-react";
import { useState, type ReactNode } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { localizeError } from "../../i18n/errors.ts";
import { currentLocale, localHref, m } from "../../i18n/index.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import { confirmEmailSchema, type PendingAccount } from "../../lib/auth-schemas.ts";
import { afterConfirmation, takeNextForConfirmation } from "../auth/flow.ts";
import { fillSlots } from "../../i18n/slots.tsx";
import { failureMessage } from "../forms/use-submit.ts";
import { $linkToken } from "./link-token.ts";
import { $pendingAccount, declinePendingAccount } from "./pending-account.ts";
import { ScreenCard, textLink } from "./ScreenCard.tsx";
import { fullTime } from "./time.ts";

/** How to get a new link, under a failure. */
function NewLinkHelp() {
  return (
    <>
      <p className="text-ink-soft mt-2">
        {fillSlots(m.account_new_link_how({ action: "{action}" }), {
          action: <span className="font-semibold">{m.auth_resend_confirmation()}</span>,
        })}
      </p>
      <a href={localHref("/login")} className={textLink}>
        {m.account_sign_in_for_new_link()}
      </a>
    </>
  );
}

function Failure({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-card border-danger-border bg-danger-soft mt-4 border p-4 text-sm"
    >
      <p className="text-ink font-semibold">{title}</p>
      {children}
    </div>
  );
}

/** The account the link is for: who the mailbox's owner is about to confirm. */
function AccountSummary({ account }: { account: PendingAccount }) {
  const name = [account.firstName, account.lastName].filter(Boolean).join(" ");
  return (
    <dl className="rounded-card border-line bg-subtle mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 border p-4 text-sm">
      <dt className="text-ink-soft">{m.account_confirm_email_label()}</dt>
      <dd className="text-ink font-semibold break-all" dir="ltr">
        {account.email}
      </dd>
      <dt className="text-ink-soft">{m.account_confirm_name_label()}</dt>
      <dd className="text-ink font-semibold break-words">
        {name || <span className="text-ink-soft font-normal">{m.account_confirm_no_name()}</span>}
      </dd>
      <dt className="text-ink-soft">{m.account_confirm_signed_up_label()}</dt>
      <dd className="text-ink">
        <time dateTime={account.signedUpAt}>{fullTime(account.signedUpAt)}</time>
      </dd>
    </dl>
  );
}

/**
 * /confirm-email#token=…. Mail scanners open every link they see, so opening
 * this page confirms nothing: it names the account the link is for (the
 * sign-up may be a stranger's, decision 028), and the person either presses
 * the button, which POSTs the token, then goes on to sign in, or removes the
 * sign-up with "This was not me".
 */
export function ConfirmEmail() {
  const link = useStore($linkToken, { ssr: "initial" });
  const pending = useStore($pendingAccount, { ssr: "initial" });
  const [busy, setBusy] = useState<"confirm" | "decline" | null>(null);
  const [error, setError] = useState<{ title: string; text: string } | null>(null);

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

  if (pending.status === "declined") {
    return (
      <ScreenCard
        icon={<CircleCheck aria-hidden="true" className="size-6" />}
        title={m.account_declined_title()}
      >
        <p className="text-ink-soft mt-2" role="status">
          {m.account_declined_text({ email: pending.email })}
        </p>
        <a href={localHref("/")} className={buttonClass("primary", "lg", "mt-6 w-full")}>
          {m.auth_back_home()}
        </a>
      </ScreenCard>
    );
  }

  if (pending.status === "failed") {
    return (
      <ScreenCard
        icon={<CircleAlert aria-hidden="true" className="size-6" />}
        title={m.account_confirm_title()}
      >
        <Failure title={m.account_confirm_failed()}>
          <p className="text-ink-soft mt-0.5 break-words">{pending.error}</p>
          <NewLinkHelp />
        </Failure>
      </ScreenCard>
    );
  }

  if (pending.status !== "ready") {
    return (
      <ScreenCard
        icon={<MailCheck aria-hidden="true" className="size-6" />}
        title={m.account_confirm_title()}
      >
        <p className="text-ink-soft mt-2" role="status">
          {m.account_checking_link()}
        </p>
      </ScreenCard>
    );
  }

  const onConfirm = async () => {
    if (busy) return;
    setBusy("confirm");
    setError(null);
    try {
      const answer = await unwrap(api.auth.confirm.$post({ json: parsed.data }));
      // The server names the portal; anything but a path on this site falls back to /login.
      location.assign(
        afterConfirmation(answer.signInPath, currentLocale(), takeNextForConfirmation()),
      );
      // Stay busy: the page is leaving.
    } catch (err) {
      setBusy(null);
      setError({
        title: m.account_confirm_failed(),
        text: failureMessage(err, m.account_link_expired()),
      });
    }
  };

  const onDecline = async () => {
    if (busy) return;
    setBusy("decline");
    setError(null);
    const problem = await declinePendingAccount();
    // Gone: the store shows the outcome in place of this card.
    if (problem === null) return;
    setBusy(null);
    setError({ title: m.account_remove_failed(), text: problem });
  };

  const pressed = "aria-disabled:cursor-progress aria-disabled:opacity-80";
  return (
    <ScreenCard
      icon={<MailCheck aria-hidden="true" className="size-6" />}
      title={m.account_confirm_title()}
    >
      <p className="text-ink-soft mt-2">{m.account_confirm_whose()}</p>
      <AccountSummary account={pending.account} />
      {error && (
        <Failure title={error.title}>
          <p className="text-ink-soft mt-0.5 break-words">{error.text}</p>
          <NewLinkHelp />
        </Failure>
      )}
      <button
        type="button"
        onClick={() => void onConfirm()}
        aria-disabled={busy !== null || undefined}
        className={buttonClass("primary", "lg", `mt-6 w-full ${pressed}`)}
      >
        {busy === "confirm" && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
        {busy === "confirm" ? m.account_confirming() : m.account_confirm_button()}
      </button>
      <div className="border-line mt-6 border-t pt-5">
        <h2 className="text-ink font-semibold">{m.account_not_you_title()}</h2>
        <p className="text-ink-soft mt-1 text-sm">{m.account_not_you_text()}</p>
        <button
          type="button"
          onClick={() => void onDecline()}
          aria-disabled={busy !== null || undefined}
          className={buttonClass("outline", "lg", `mt-3 w-full ${pressed}`)}
        >
          {busy === "decline" && (
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          )}
          {busy === "decline" ? m.account_removing() : m.account_not_you_button()}
        </button>
      </div>
    </ScreenCard>
  );
}
