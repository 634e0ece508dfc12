import { Clock, MapPin } from "lucide-react";
import { cn } from "../../lib/cn.ts";
import { displayLocation, shownResponseTime } from "../../lib/provider-view.ts";

/**
 * Location and the response time ('Usually replies within …' when measured,
 * else 'Usually responds in …'), as rows and cards show them.
 */
export function ProviderFacts({
  p,
  className,
}: {
  p: {
    location: string;
    city: string | null;
    responseTime: string | null;
    replyMinutes: number | null;
  };
  className?: string;
}) {
  const responds = shownResponseTime(p);
  return (
    <div className={cn("text-ink-muted flex flex-col gap-0.5 text-sm", className)}>
      <p className="flex items-start gap-1">
        <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span className="min-w-0 break-words">{displayLocation(p)}</span>
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
