import { useStore } from "@nanostores/react";
import { buttonClass } from "../../components/ui/button.ts";
import { currentLocale, formatCount, localHref, m } from "../../i18n/index.ts";
import { $session } from "../auth/session.ts";

interface Props {
  providers: number;
  cities: number;
  categories: number;
}

const action = "grow px-3 text-sm sm:grow-0 sm:px-5 sm:text-base";

/**
 * The top of `/`: the landing hero for visitors and
 * while the session loads (that is also the pre-rendered HTML), the 'Welcome
 * back' headline for signed-in users. Both have the same rows (headline, one
 * line, two buttons, the counts), so the swap does not move the search below.
 */
export function HomeHero({ providers, cities, categories }: Props) {
  const session = useStore($session, { ssr: "initial" });
  const signedIn = session.status === "authenticated";
  const landing = m.pages_hero_landing();
  const welcome = m.pages_hero_signed_in();
  const title = m.pages_hero_title();
  const welcomeBack = m.pages_hero_welcome();

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      {/*
        Both versions' texts share one grid cell, the other one invisible, so the
        block is as tall as the taller of the two and the swap moves nothing.
      */}
      <h1 className="text-ink grid text-[1.75rem] leading-tight font-extrabold tracking-tight sm:text-4xl">
        <Swap shown={signedIn ? welcomeBack : title} hidden={signedIn ? title : welcomeBack} />
      </h1>
      <p className="text-ink-soft mt-2 grid max-w-2xl text-base sm:text-lg">
        <Swap shown={signedIn ? welcome : landing} hidden={signedIn ? landing : welcome} />
      </p>
      <div className="mt-5 flex flex-wrap gap-3 sm:mt-6">
        {signedIn ? (
          <>
            {/* The signed-in home's button sets the #suggest anchor, which opens the dialog. */}
            <button
              type="button"
              onClick={() => {
                location.hash = "suggest";
              }}
              className={buttonClass("primary", "lg", action)}
            >
              {m.pages_suggest_provider()}
            </button>
            <a href={localHref("/favorites")} className={buttonClass("outline", "lg", action)}>
              {m.pages_my_favorites()}
            </a>
          </>
        ) : (
          <>
            <a href="#suggest" className={buttonClass("primary", "lg", action)}>
              {m.pages_suggest_provider()}
            </a>
            <a href={localHref("/login")} className={buttonClass("outline", "lg", action)}>
              {m.pages_login_signup()}
            </a>
          </>
        )}
      </div>
      <dl className="text-ink-muted mt-5 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <Count
          label={m.pages_count_providers_label()}
          value={providers}
          unit={m.pages_count_providers_unit()}
        />
        <Count
          label={m.pages_count_cities_label()}
          value={cities}
          unit={m.pages_count_cities_unit()}
        />
        <Count
          label={m.pages_count_categories_label()}
          value={categories}
          unit={m.pages_count_categories_unit()}
        />
      </dl>
    </div>
  );
}

function Count({ label, value, unit }: { label: string; value: number; unit: string }) {
  return (
    <div className="flex gap-1">
      <dt className="sr-only">{label}</dt>
      <dd>
        <strong className="text-ink font-semibold tabular-nums">
          {formatCount(value, currentLocale())}
        </strong>{" "}
        {unit}
      </dd>
    </div>
  );
}

/** `shown`, in a grid cell it shares with the invisible `hidden` (which only reserves space). */
function Swap({ shown, hidden }: { shown: string; hidden: string }) {
  return (
    <>
      <span className="col-start-1 row-start-1">{shown}</span>
      <span aria-hidden="true" className="invisible col-start-1 row-start-1">
        {hidden}
      </span>
    </>
  );
}
