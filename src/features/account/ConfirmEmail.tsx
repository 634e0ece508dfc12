import { useStore } from "@nanostores/react";
import { CircleAlert, LoaderCircle, MailCheck } from "lucide-react";
import { useState } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { errorText } from "../../lib/api.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import { confirmEmailSchema } from "../../lib/auth-schemas.ts";
import { safeNextPath } from "../auth/flow.ts";
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
        title="Confirm your email"
      >
        <p className="text-ink-soft mt-2" role="status">
          Reading your link…
        </p>
      </ScreenCard>
    );
  }

  const parsed = confirmEmailSchema.safeParse({ token: link.token ?? "" });
  if (!parsed.success) {
    return (
      <ScreenCard
        icon={<CircleAlert aria-hidden="true" className="size-6" />}
        title="This link is incomplete"
      >
        <p className="text-ink-soft mt-2">
          {parsed.error.issues[0]?.message ??
            "Open the link from the email again, or copy the whole address into your browser."}
        </p>
        <p className="text-ink-soft mt-4 text-sm">
          Need a new link? Sign in with your email and password and we will offer to send one.
        </p>
        <a href="/login" className={buttonClass("primary", "lg", "mt-4 w-full")}>
          Go to sign in
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
      const signIn = safeNextPath(answer.signInPath) ?? "/login";
      location.assign(`${signIn}?confirmed=1`);
      // Stay busy: the page is leaving.
    } catch (err) {
      setBusy(false);
      setError(errorText(err) ?? "This link has expired or was already used.");
    }
  };

  return (
    <ScreenCard
      icon={<MailCheck aria-hidden="true" className="size-6" />}
      title="Confirm your email"
    >
      <p className="text-ink-soft mt-2">
        Press the button to confirm that this email address is yours. You can sign in right after.
      </p>
      {error && (
        <div
          role="alert"
          className="rounded-card border-danger-border bg-danger-soft mt-4 border p-4 text-sm"
        >
          <p className="text-ink font-semibold">We could not confirm your email.</p>
          <p className="text-ink-soft mt-0.5 break-words">{error}</p>
          <p className="text-ink-soft mt-2">
            To get a new link, sign in with your email and password and choose{" "}
            <span className="font-semibold">Resend confirmation email</span>.
          </p>
          <a href="/login" className={textLink}>
            Go to sign in for a new link
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
        {busy ? "Confirming…" : "Confirm email address"}
      </button>
    </ScreenCard>
  );
}
