import { useStore } from "@nanostores/react";
import { Hammer } from "lucide-react";
import { buttonClass } from "../../components/ui/button.ts";
import { $session } from "../auth/session.ts";

/**
 * Placeholder of the provider setup screen (spec §2 'Provider setup screen'):
 * the title, 'Loading...' until the user is known, then a note. The form
 * itself arrives with the provider dashboard.
 */
export function ProviderSetup() {
  const session = useStore($session, { ssr: "initial" });

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <h1 className="text-ink text-2xl font-bold tracking-tight sm:text-3xl">
        Complete Your Provider Profile
      </h1>
      {session.status === "loading" ? (
        <p className="text-ink-muted mt-4" role="status">
          Loading...
        </p>
      ) : (
        <div className="rounded-card border-line bg-surface shadow-card mt-6 flex flex-col gap-4 border p-6 sm:flex-row sm:items-start">
          <span className="bg-primary-soft text-primary-dark flex size-12 shrink-0 items-center justify-center rounded-full">
            <Hammer aria-hidden="true" className="size-6" />
          </span>
          <div>
            {session.status === "authenticated" ? (
              <p className="text-ink-soft">
                The profile form is on its way: soon you will add your company name, description,
                location and contact details here.
              </p>
            ) : (
              <p className="text-ink-soft">
                Sign in to your provider account to set up your company profile. The profile form is
                on its way.
              </p>
            )}
            <div className="mt-4 flex flex-wrap gap-3">
              {session.status !== "authenticated" && (
                <a
                  href="/provider-portal-login?next=%2Fprovider-setup"
                  className={buttonClass("primary", "md")}
                >
                  Sign In
                </a>
              )}
              <a href="/" className={buttonClass("outline", "md")}>
                Back to Home
              </a>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
