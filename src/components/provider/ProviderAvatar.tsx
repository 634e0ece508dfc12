import { cn } from "../../lib/cn.ts";
import { ResponsiveImage } from "../ui/ResponsiveImage.tsx";

/** Up to two initials, so a provider without a logo still has a recognisable mark. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words
    .filter((w) => /^[\p{L}\p{N}]/u.test(w))
    .slice(0, 2)
    .map((w) => [...w][0] ?? "");
  return letters.join("").toUpperCase() || "?";
}

interface Props {
  name: string;
  logoUrl: string | null;
  coverImageUrl: string | null;
  /** Intrinsic square size for the width/height attributes (reserves space, so no layout shift). */
  size: number;
  /** Images above the fold load eagerly (the page's logo, the first rows); the rest lazily. */
  eager?: boolean;
  /** The page's main image (a provider page's logo, its LCP candidate) is fetched first. */
  priority?: boolean;
  /** Alt text; rows pass "" because the company name sits right next to the image. */
  alt?: string;
  /** Size (and other) classes, e.g. "size-12 sm:size-14"; without it the box is `size` px. */
  className?: string | undefined;
}

/**
 * The fallback chain: logo, else cover image, else a placeholder. A URL
 * that fails to load is swapped by the layout's image-fallback script: first to
 * the `data-fallback` URL (the cover), then to the placeholder person icon.
 */
export function ProviderAvatar({
  name,
  logoUrl,
  coverImageUrl,
  size,
  eager = false,
  priority = false,
  alt = "",
  className,
}: Props) {
  const src = logoUrl || coverImageUrl;
  const box = "shrink-0 overflow-hidden rounded-lg border border-line";
  const sizing = className ? undefined : { width: size, height: size };
  if (!src) {
    return (
      <span
        aria-hidden="true"
        style={sizing}
        className={cn(
          box,
          "bg-primary-soft text-primary-dark flex items-center justify-center font-bold",
          size >= 80 ? "text-3xl" : "text-lg",
          className,
        )}
      >
        {initials(name)}
      </span>
    );
  }
  return (
    <ResponsiveImage
      src={src}
      // The box is at most `size` CSS pixels; copies cover 2x and 3x screens.
      sizes={`${size}px`}
      alt={alt}
      width={size}
      height={size}
      style={sizing}
      loading={eager || priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
      data-fallback={logoUrl && coverImageUrl ? coverImageUrl : ""}
      className={cn(box, "bg-subtle object-cover", className)}
    />
  );
}
