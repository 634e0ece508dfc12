import { useStore } from "@nanostores/react";
import { LockKeyhole, LogOut } from "lucide-react";
import { useEffect, useId, type ReactNode } from "react";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { buttonClass } from "../../components/ui/button.ts";
import { $session } from "../auth/session.ts";
import { ChangePasswordForm } from "./ChangePasswordForm.tsx";
import { SessionList } from "./SessionList.tsx";
import { ACCOUNT_LOGIN, redirectToLogin, signOutEverywhere } from "./store.ts";

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
          <h1 className="text-ink mt-3 text-2xl font-bold">Sign in to manage your account</h1>
          <p className="text-ink-soft mt-1" role="status">
            Taking you to the sign-in page…
          </p>
          <a href={ACCOUNT_LOGIN} className={buttonClass("primary", "lg", "mt-6")}>
            Sign In
          </a>
        </div>
      </Shell>
    );
  }

  const user = session.user;
  return (
    <Shell>
      <h1 className="text-ink text-2xl font-bold tracking-tight sm:text-3xl">Account</h1>
      <p className="text-ink-muted mt-1 min-h-6 break-words">
        {user ? (
          <>
            Signed in as <span className="text-ink-soft font-medium">{user.email}</span>
          </>
        ) : (
          <span role="status">Loading your account…</span>
        )}
      </p>

      {user && (
        <div className="mt-6 flex flex-col gap-6">
          <Section headingId={ids.password} title="Change password">
            <p className="text-ink-soft mt-1">
              Enter your current password, then the new one twice.
            </p>
            <ChangePasswordForm headingId={ids.password} />
          </Section>

          <Section headingId={ids.sessions} title="Where you're signed in">
            <p className="text-ink-soft mt-1">
              Browsers and devices signed in to your account. Sign out any you don't recognise.
            </p>
            <SessionList />
          </Section>

          <Section headingId={ids.everywhere} title="Sign out everywhere">
            <p className="text-ink-soft mt-1">
              Lost a phone, or think someone else knows your password? This signs out every browser
              and device, this one included.
            </p>
            <ConfirmDialog
              trigger={
                <button
                  type="button"
                  className={buttonClass("outline", "md", "text-danger hover:bg-danger-soft mt-4")}
                >
                  <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
                  Sign out everywhere
                </button>
              }
              title="Sign out everywhere?"
              description="Every browser and device signed in to your account will be signed out, this one too. You will need to sign in again."
              confirmLabel="Sign out everywhere"
              busyLabel="Signing out…"
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
