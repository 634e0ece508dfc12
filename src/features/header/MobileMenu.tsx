import { Languages, LogOut, Menu, UserRound, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { buttonClass } from "../../components/ui/button.ts";
import { currentLocale, LOCALE_NAMES, localizePath, m } from "../../i18n/index.ts";
import { cn } from "../../lib/cn.ts";
import { greeting, type SessionUser } from "../auth/session.ts";
import { ACCOUNT_LINK, MAIN_LINKS, memberLinks, SIGNED_OUT_LINKS } from "./nav.ts";

interface Props {
  /** Path of the current page (/ur/… on Urdu pages), to mark its link with aria-current. */
  currentPath: string;
  /** The signed-in user, or null (signed out, or the session is still loading). */
  user: SessionUser | null;
  signingOut: boolean;
  onSignOut: () => void;
}

const link =
  "flex min-h-12 items-center rounded-control px-3 text-base font-medium text-ink hover:bg-subtle " +
  "aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary-dark";

/**
 * The phone menu. A Radix Dialog rather than a
 * dropdown: it traps focus, closes on Escape or outside tap and returns focus
 * to the toggle, and it does not pull in the positioning engine a dropdown
 * needs (a third of the bytes, on every page). Each link and button is a
 * Dialog.Close, so choosing one closes the menu, also for
 * in-page anchors. Last comes the language switch (language-switch.ts).
 */
export function MobileMenu({ currentPath, user, signingOut, onSignOut }: Props) {
  const links = [...MAIN_LINKS, ...memberLinks(user, "mobile")];
  return (
    <Dialog.Root>
      <Dialog.Trigger
        aria-label={m.common_open_menu()}
        className={buttonClass("ghost", "icon", "text-ink data-[state=open]:bg-subtle")}
      >
        <Menu aria-hidden="true" className="size-6" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="bg-ink/30 fixed inset-0 z-40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="rounded-b-card border-line bg-surface shadow-raised fixed inset-x-0 top-0 z-50 max-h-dvh overflow-y-auto border-b"
        >
          <div className="flex h-16 items-center justify-between px-4">
            <Dialog.Title className="text-ink text-lg font-bold">{m.common_menu()}</Dialog.Title>
            <Dialog.Close
              aria-label={m.common_close_menu()}
              className={buttonClass("ghost", "icon", "text-ink")}
            >
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <nav aria-label={m.common_nav_main()} className="px-3 pb-4">
            <ul className="flex flex-col gap-1">
              {links.map((l) => (
                <li key={l.href}>
                  <Dialog.Close asChild>
                    <a
                      href={l.href}
                      className={link}
                      aria-current={l.href === currentPath ? "page" : undefined}
                    >
                      {l.label}
                    </a>
                  </Dialog.Close>
                </li>
              ))}
            </ul>
            <div className="bg-line my-3 h-px" />
            {user ? (
              <div className="flex flex-col gap-2">
                <p className="text-ink-soft truncate px-3 py-1 text-base" title={greeting(user)}>
                  {greeting(user)}
                </p>
                <Dialog.Close asChild>
                  <a
                    href={ACCOUNT_LINK.href}
                    className={cn(link, "gap-3")}
                    aria-current={ACCOUNT_LINK.href === currentPath ? "page" : undefined}
                  >
                    <UserRound aria-hidden="true" className="text-ink-muted size-5" />
                    {ACCOUNT_LINK.label}
                  </a>
                </Dialog.Close>
                <Dialog.Close asChild>
                  <button
                    type="button"
                    onClick={onSignOut}
                    aria-disabled={signingOut || undefined}
                    className={buttonClass("outline", "lg", "w-full aria-disabled:opacity-70")}
                  >
                    <LogOut aria-hidden="true" className="size-5 rtl:-scale-x-100" />
                    {signingOut ? m.common_signing_out() : m.common_sign_out()}
                  </button>
                </Dialog.Close>
              </div>
            ) : (
              <ul className="flex flex-col gap-2">
                {SIGNED_OUT_LINKS.map((l, i) => (
                  <li key={l.href}>
                    <Dialog.Close asChild>
                      <a
                        href={l.href}
                        className={cn(
                          i === SIGNED_OUT_LINKS.length - 1
                            ? buttonClass("primary", "lg", "w-full")
                            : buttonClass("outline", "lg", "w-full"),
                        )}
                      >
                        {l.label}
                      </a>
                    </Dialog.Close>
                  </li>
                ))}
              </ul>
            )}
            <div className="bg-line my-3 h-px" />
            <LanguageLink />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The same page in the other language, named in that language. The menu is
 * drawn in the browser only (when it opens), so the link carries the query and
 * hash of the address as it is now. The layout's script remembers the choice
 * (language-switch.ts, which an island must not import: it stays inline).
 */
function LanguageLink() {
  const other = currentLocale() === "en" ? "ur" : "en";
  return (
    <Dialog.Close asChild>
      <a
        href={localizePath(`${location.pathname}${location.search}${location.hash}`, other)}
        hrefLang={other}
        lang={other}
        data-lang-switch={other}
        className={cn(link, "gap-3")}
      >
        <Languages aria-hidden="true" className="text-ink-muted size-5" />
        {/* Without the Urdu font on an English page, the system's Arabic letters need a step up. */}
        <span className={other === "ur" ? "text-lg" : undefined}>{LOCALE_NAMES[other]}</span>
      </a>
    </Dialog.Close>
  );
}
