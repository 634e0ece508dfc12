import { useStore } from "@nanostores/react";
import { buttonClass } from "../../components/ui/button.ts";
import { $session } from "../auth/session.ts";

interface Props {
  providers: number;
  cities: number;
  categories: number;
}

const fmt = new Intl.NumberFormat("en-PK");
const LANDING_LINE =
  "Find trusted manufacturers and service providers across Pakistan, and compare their services and prices in PKR.";
const SIGNED_IN_LINE =
  "Search providers, compare prices in PKR and see contact details, or open the providers you saved.";
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

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      {/*
        Both versions' texts share one grid cell, the other one invisible, so the
        block is as tall as the taller of the two and the swap moves nothing.
      */}
      <h1 className="text-ink grid text-[1.75rem] leading-tight font-extrabold tracking-tight sm:text-4xl">
        <Swap
          shown={signedIn ? "Welcome back" : "Manufacturing Directory"}
          hidden={signedIn ? "Manufacturing Directory" : "Welcome back"}
        />
      </h1>
      <p className="text-ink-soft mt-2 grid max-w-2xl text-base sm:text-lg">
        <Swap
          shown={signedIn ? SIGNED_IN_LINE : LANDING_LINE}
          hidden={signedIn ? LANDING_LINE : SIGNED_IN_LINE}
        />
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
              Suggest a Provider
            </button>
            <a href="/favorites" className={buttonClass("outline", "lg", action)}>
              My Favorites
            </a>
          </>
        ) : (
          <>
            <a href="#suggest" className={buttonClass("primary", "lg", action)}>
              Suggest a Provider
            </a>
            <a href="/login" className={buttonClass("outline", "lg", action)}>
              Login / Signup
            </a>
          </>
        )}
      </div>
      <dl className="text-ink-muted mt-5 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <Count label="Providers" value={providers} unit="providers" />
        <Count label="Cities" value={cities} unit="cities" />
        <Count label="Categories" value={categories} unit="categories" />
      </dl>
    </div>
  );
}

function Count({ label, value, unit }: { label: string; value: number; unit: string }) {
  return (
    <div className="flex gap-1">
      <dt className="sr-only">{label}</dt>
      <dd>
        <strong className="text-ink font-semibold tabular-nums">{fmt.format(value)}</strong> {unit}
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
