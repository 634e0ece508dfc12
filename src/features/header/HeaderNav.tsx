import { useStore } from "@nanostores/react";
import { LogOut, MessageSquareQuote, UserRound } from "lucide-react";
import { useState } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { m } from "../../i18n/index.ts";
import { cn } from "../../lib/cn.ts";
import { $session, greeting, signOut } from "../auth/session.ts";
import { MobileMenu } from "./MobileMenu.tsx";
import {
  ACCOUNT_LINK,
  MAIN_LINKS,
  memberLinks,
  MY_REQUESTS_LINK,
  SIGNED_OUT_LINKS,
} from "./nav.ts";

interface Props {
  /** Path of the current page (/ur/… on Urdu pages), to mark its link with aria-current. */
  currentPath: string;
}

const navLink =
  "flex min-h-11 items-center rounded-control px-1.5 xl:px-2.5 text-[0.9375rem] font-medium whitespace-nowrap text-ink-soft hover:bg-subtle hover:text-ink " +
  "aria-[current=page]:text-primary-dark";

/**
 * The header's links and account area, desktop and phone.
 * The build renders the signed-out state (pre-rendered HTML is the same for
 * everyone); once the session is known the signed-in links are appended after
 * the public ones and the account area at the end of the row swaps its
 * content, at the same height, so nothing else in the header moves.
 */
export function HeaderNav({ currentPath }: Props) {
  // The build renders "loading", which shows the signed-out links; hydrate to exactly that.
  const session = useStore($session, { ssr: "initial" });
  const user = session.user;
  const links = [...MAIN_LINKS, ...memberLinks(user, "desktop")];
  const [signingOut, setSigningOut] = useState(false);

  const onSignOut = () => {
    if (signingOut) return;
    setSigningOut(true);
    void signOut();
  };

  return (
    <>
      <nav aria-label={m.common_nav_main()} className="hidden shrink-0 lg:block">
        <ul className="flex items-center xl:gap-1">
          {links.map((l) => (
            <li key={l.href}>
              <a
                href={l.href}
                aria-current={l.href === currentPath ? "page" : undefined}
                className={navLink}
              >
                {l.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {/*
        On wide screens as wide as the signed-out buttons, content at the end, so
        the box keeps its place on swap; at 1024 px the member links need that room.
        The only part of the row that may give way is the greeting: everything
        else keeps its size, and a greeting too long for what is left (a long
        name, or an email when there is no first name) ends in "…", whole in its
        title and to screen readers.
      */}
      <div
        className={cn(
          "ms-auto hidden min-h-11 min-w-0 items-center justify-end lg:flex xl:min-w-[21rem]",
          // The icon buttons' own padding spaces them: a signed-in row needs every pixel.
          user ? "gap-1" : "gap-2",
        )}
        data-header-account
      >
        {user ? (
          <>
            <p
              className="text-ink-soft min-w-0 truncate text-[0.9375rem] xl:max-w-[12rem]"
              title={greeting(user)}
              data-header-greeting
            >
              {greeting(user)}
            </p>
            {/*
              A signed-in row is full on a desktop: My Requests and Account show only
              their icons (their names stay for screen readers and in a tooltip), and
              below 1280 px so does Sign Out, so that a normal greeting fits whole.
            */}
            <a
              href={MY_REQUESTS_LINK.href}
              title={MY_REQUESTS_LINK.label}
              aria-current={MY_REQUESTS_LINK.href === currentPath ? "page" : undefined}
              className={buttonClass(
                "ghost",
                "icon",
                "aria-[current=page]:text-primary-dark shrink-0",
              )}
            >
              <MessageSquareQuote aria-hidden="true" className="size-5" />
              <span className="sr-only">{MY_REQUESTS_LINK.label}</span>
            </a>
            <a
              href={ACCOUNT_LINK.href}
              title={ACCOUNT_LINK.label}
              aria-current={ACCOUNT_LINK.href === currentPath ? "page" : undefined}
              className={buttonClass(
                "ghost",
                "icon",
                "aria-[current=page]:text-primary-dark shrink-0",
              )}
            >
              <UserRound aria-hidden="true" className="size-5" />
              <span className="sr-only">{ACCOUNT_LINK.label}</span>
            </a>
            <button
              type="button"
              onClick={onSignOut}
              aria-disabled={signingOut || undefined}
              title={m.common_sign_out()}
              className={buttonClass(
                "outline",
                "md",
                "shrink-0 aria-disabled:cursor-progress aria-disabled:opacity-70 max-xl:size-11 max-xl:px-0",
              )}
            >
              <LogOut aria-hidden="true" className="size-5 xl:hidden rtl:-scale-x-100" />
              <span className="max-xl:sr-only">
                {signingOut ? m.common_signing_out() : m.common_sign_out()}
              </span>
            </button>
          </>
        ) : (
          SIGNED_OUT_LINKS.map((l, i) => (
            <a
              key={l.href}
              href={l.href}
              className={cn(
                i === SIGNED_OUT_LINKS.length - 1
                  ? buttonClass("primary", "md")
                  : buttonClass("ghost", "md"),
              )}
            >
              {l.label}
            </a>
          ))
        )}
      </div>

      <div className="ms-auto lg:hidden">
        <MobileMenu
          currentPath={currentPath}
          user={user}
          signingOut={signingOut}
          onSignOut={onSignOut}
        />
      </div>
    </>
  );
}
