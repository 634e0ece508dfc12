import { useStore } from "@nanostores/react";
import { CircleCheck, LoaderCircle, MessageSquareQuote } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { localHref, m } from "../../i18n/index.ts";
import { $session } from "../auth/session.ts";

/** The page's address after signing in: back here, with the dialog opened. */
export const QUOTE_HASH = "#request-quote";

/*
 * The dialog with its form, checks, zod and image code is most of the
 * weight; it loads when the button is pointed at, focused or pressed, never
 * with the page.
 */
const loadDialog = () => import("./QuoteDialog.tsx");
const QuoteDialog = lazy(loadDialog);

interface Props {
  providerId: string;
  companyName: string;
  /** The page's own path, to come back to after signing in (in the page's language). */
  nextPath: string;
}

const buttonCls = buttonClass("primary", "lg", "w-full");

/**
 * 'Request a Quote'. The build renders it signed out: a link to sign in that
 * comes back to this page with the dialog open. A signed-in visitor (the
 * island hydrates only with the signed-in hint) gets the button, which loads
 * and opens the dialog; once sent, a link to the request in My Requests.
 * A tap before anyone knows who is signed in (the script or the answer is
 * still on its way) is kept: the dialog opens once the answer says signed in,
 * the sign-in page once it says otherwise (decision 027).
 */
export function QuoteButton({ providerId, companyName, nextPath }: Props) {
  const session = useStore($session, { ssr: "initial" });
  /** Back from signing in with #request-quote: the visitor already asked for the dialog. */
  const [fromSignIn] = useState(
    () => typeof location !== "undefined" && location.hash === QUOTE_HASH,
  );
  /** null until the visitor opens or closes the dialog here. */
  const [chosen, setChosen] = useState<boolean | null>(null);
  /** Where the sent request is read (My Requests, opened on it). */
  const [sent, setSent] = useState<string | null>(null);
  const signedIn = session.status === "authenticated";
  const open = chosen ?? (signedIn && fromSignIn);
  const loginHref = localHref(
    `/login?next=${encodeURIComponent(localHref(nextPath) + QUOTE_HASH)}`,
  );
  const signedOutAfterTap = chosen === true && session.status === "unauthenticated";

  useEffect(() => {
    if (signedOutAfterTap) location.assign(loginHref);
  }, [signedOutAfterTap, loginHref]);
  // Once loaded, the dialog stays mounted (closed), so it opens at once the next time.
  const wanted = open || chosen !== null;

  const setOpen = (next: boolean) => {
    if (!next && location.hash === QUOTE_HASH) {
      history.replaceState(history.state, "", location.pathname + location.search);
    }
    setChosen(next);
  };

  if (!signedIn) {
    const waiting = chosen === true;
    return (
      <a
        href={loginHref}
        onClick={(e) => {
          // Who is signed in is not known yet: wait for the answer rather than guess.
          if (session.status !== "loading") return;
          e.preventDefault();
          setChosen(true);
        }}
        aria-disabled={waiting || undefined}
        // A tap while the island loads is held for it (client:signedin).
        data-await-session=""
        className={buttonCls}
      >
        {waiting ? (
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        ) : (
          <MessageSquareQuote aria-hidden="true" className="size-5" />
        )}
        {m.leads_request_quote()}
      </a>
    );
  }

  return (
    <>
      <button
        type="button"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className={buttonCls}
      >
        {wanted && open ? (
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        ) : (
          <MessageSquareQuote aria-hidden="true" className="size-5" />
        )}
        {m.leads_request_quote()}
      </button>
      {sent && (
        <p role="status" className="text-ink-soft mt-3 flex items-start gap-2 text-sm">
          <CircleCheck aria-hidden="true" className="text-primary mt-0.5 size-4 shrink-0" />
          <span>
            {m.leads_request_sent()}{" "}
            <a
              href={localHref(sent)}
              className="text-primary-dark font-semibold underline underline-offset-2"
            >
              {m.leads_follow_in_my_requests()}
            </a>
          </span>
        </p>
      )}
      {wanted && (
        <Suspense fallback={null}>
          <QuoteDialog
            open={open}
            onOpenChange={setOpen}
            providerId={providerId}
            companyName={companyName}
            userId={session.user.id}
            onSent={setSent}
          />
        </Suspense>
      )}
    </>
  );
}
