import { useStore } from "@nanostores/react";
import { LockKeyhole, LogOut } from "lucide-react";
import { useEffect, useId, type ReactNode } from "react";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { buttonClass } from "../../components/ui/button.ts";
import { m } from "../../i18n/index.ts";
import { $session } from "../auth/session.ts";
import { fillSlots } from "../../i18n/slots.tsx";
import { ChangePasswordForm } from "./ChangePasswordForm.tsx";
import { SessionList } from "./SessionList.tsx";
import { accountLogin, redirectToLogin, signOutEverywhere } from "./store.ts";

/**
 * The /account page, for every signed-in role: change password,
 * the sessions signed in to the account, and sign out everywhere. The build
 * renders only the loading state; nothing about the person is in the HTML.
 */
export function AccountPage() {
  const session = useStore($session, { ssr: "initial" });
  const ids = { password: useId(), sessions: useId(), everywhere: useId() };

  const signedOut = session.status === "unauthenticated";
  // Syncing with the browser: leave for the sign-in page once we know nobody is signed in.
  useEffect(() => {
    if (signedOut) return redirectToLogin();
    return undefined;
  }, [signedOut]);

  if (signedOut) {
    return (
      <Shell>
        <div className="rounded-card border-line bg-surface flex flex-col items-center border px-6 py-12 text-center">
          <LockKeyhole aria-hidden="true" className="text-primary size-10" />
          <h1 className="text-ink mt-3 text-2xl font-bold">{m.account_sign_in_to_manage()}</h1>
          <p className="text-ink-soft mt-1" role="status">
            {m.account_redirecting()}
          </p>
          <a href={accountLogin()} className={buttonClass("primary", "lg", "mt-6")}>
            {m.account_sign_in()}
          </a>
        </div>
      </Shell>
    );
  }

  const user = session.user;
  return (
    <Shell>
      <h1 className="text-ink text-2xl font-bold tracking-tight sm:text-3xl">
        {m.account_title()}
      </h1>
      <p className="text-ink-muted mt-1 min-h-6 break-words">
        {user ? (
          fillSlots(m.account_signed_in_as({ email: "{email}" }), {
            email: <span className="text-ink-soft font-medium">{user.email}</span>,
          })
        ) : (
          <span role="status">{m.account_loading()}</span>
        )}
      </p>

      {user && (
        <div className="mt-6 flex flex-col gap-6">
          <Section headingId={ids.password} title={m.account_change_password()}>
            <p className="text-ink-soft mt-1">{m.account_change_password_intro()}</p>
            <ChangePasswordForm headingId={ids.password} />
          </Section>

          <Section headingId={ids.sessions} title={m.account_sessions_heading()}>
            <p className="text-ink-soft mt-1">{m.account_sessions_intro()}</p>
            <SessionList />
          </Section>

          <Section headingId={ids.everywhere} title={m.account_everywhere_heading()}>
            <p className="text-ink-soft mt-1">{m.account_everywhere_intro()}</p>
            <ConfirmDialog
              trigger={
                <button
                  type="button"
                  className={buttonClass("outline", "md", "text-danger hover:bg-danger-soft mt-4")}
                >
                  <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
                  {m.account_everywhere_heading()}
                </button>
              }
              title={m.account_everywhere_confirm_title()}
              description={m.account_everywhere_confirm_text()}
              confirmLabel={m.account_everywhere_heading()}
              busyLabel={m.account_signing_out()}
              onConfirm={signOutEverywhere}
            />
          </Section>
        </div>
      )}
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  // At least a screen tall, so the footer stays below the fold while the states swap.
  return (
    <div className="mx-auto min-h-[calc(100dvh-4rem)] max-w-3xl px-4 pt-6 pb-10 sm:pt-8">
      {children}
    </div>
  );
}

function Section({
  headingId,
  title,
  children,
}: {
  headingId: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-card border-line bg-surface shadow-card border p-5 sm:p-6"
    >
      <h2 id={headingId} className="text-ink text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
