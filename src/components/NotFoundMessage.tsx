import { House, Search } from "lucide-react";
import { localHref, m } from "../i18n/index.ts";
import { buttonClass } from "./ui/button.ts";

/** The not-found copy with a way forward; shared by 404.astro and the live views. */
export function NotFoundMessage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <p className="text-primary text-6xl font-extrabold tracking-tight">404</p>
      <h1 className="text-ink mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
        {m.pages_404_title()}
      </h1>
      <p className="text-ink-muted mt-3">{m.pages_404_text()}</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <a href={localHref("/#search")} className={buttonClass("primary", "lg")}>
          <Search aria-hidden="true" className="size-5" />
          {m.pages_search_providers()}
        </a>
        <a href={localHref("/")} className={buttonClass("outline", "lg")}>
          <House aria-hidden="true" className="size-5" />
          {m.pages_back_home()}
        </a>
      </div>
    </div>
  );
}
