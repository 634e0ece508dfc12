import { Clock, MapPin } from "lucide-react";
import { cityName, currentLocale, formatCount, m, type Locale } from "../../i18n/index.ts";
import { cn } from "../../lib/cn.ts";
import { shownResponseTime } from "../../lib/provider-view.ts";

interface Facts {
  location: string;
  city: string | null;
  responseTime: string | null;
  replyMinutes: number | null;
}

/** Location to show: the stored text, else the city, else the country, named in `locale`. */
export function locationText(p: Pick<Facts, "location" | "city">, locale: Locale): string {
  return (
    p.location.trim() || (p.city ? cityName(p.city, locale) : m.pages_pakistan({}, { locale }))
  );
}

/**
 * The response time in `locale`, or null with none: measured when there is
 * one, else what the provider typed. English keeps provider-view's wording
 * (the spec's copy, which works the provider's own preposition in); Urdu
 * gives a typed time after a label, as it is, since it is usually English:
 * isolated, so "2 business days" keeps its order inside the Urdu line.
 */
export function responseTimeText(p: Facts, locale: Locale): string | null {
  if (locale === "en") return shownResponseTime(p);
  if (p.replyMinutes !== null) {
    const hours = Math.max(1, Math.ceil(p.replyMinutes / 60));
    if (hours > 48) {
      const days = formatCount(Math.ceil(p.replyMinutes / (24 * 60)), locale);
      return m.pages_replies_within_days({ days }, { locale });
    }
    const count = formatCount(hours, locale);
    return hours === 1
      ? m.pages_replies_within_hours_one({ hours: count }, { locale })
      : m.pages_replies_within_hours_other({ hours: count }, { locale });
  }
  const typed = p.responseTime?.trim();
  if (!typed) return null;
  return /^same[ -]day$/i.test(typed)
    ? m.pages_responds_same_day({}, { locale })
    : m.pages_responds_declared({ time: `\u2068${typed}\u2069` }, { locale });
}

/**
 * Location and the response time ('Usually replies within …' when measured,
 * else 'Usually responds in …'), as rows and cards show them.
 */
export function ProviderFacts({ p, className }: { p: Facts; className?: string }) {
  const locale = currentLocale();
  const responds = responseTimeText(p, locale);
  return (
    <div className={cn("text-ink-muted flex flex-col gap-0.5 text-sm", className)}>
      <p className="flex items-start gap-1">
        <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {/* Typed by the provider, often in English: its own direction on an Urdu page. */}
        <span dir="auto" className="min-w-0 break-words">
          {locationText(p, locale)}
        </span>
      </p>
      {responds && (
        <p className="flex items-center gap-1">
          <Clock aria-hidden="true" className="size-4 shrink-0" />
          {responds}
        </p>
      )}
    </div>
  );
}
