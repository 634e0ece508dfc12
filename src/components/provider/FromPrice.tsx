import { currentLocale, formatRupees, m } from "../../i18n/index.ts";

/**
 * The price on a card or row (decision 023): 'From PKR {lowest}' over the
 * priced services, 'Free' when the lowest is 0, 'Price on request' when the
 * provider lists services but prices none, nothing without services. The
 * empty span keeps the row's layout when there is nothing to say.
 */
export function FromPrice({ value, hasServices }: { value: number | null; hasServices: boolean }) {
  if (value === null) {
    if (!hasServices) return <span />;
    return (
      <p className="text-ink-muted text-sm whitespace-nowrap">{m.common_price_on_request()}</p>
    );
  }
  if (value === 0) {
    return (
      <p className="text-ink text-base font-semibold whitespace-nowrap">{m.common_price_free()}</p>
    );
  }
  return (
    <p className="text-ink-muted text-sm whitespace-nowrap">
      {m.pages_price_from()}{" "}
      <span className="text-ink text-base font-semibold tabular-nums">
        {formatRupees(value, currentLocale())}
      </span>
    </p>
  );
}
