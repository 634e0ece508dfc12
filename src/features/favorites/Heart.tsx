import { useStore } from "@nanostores/react";
import { Heart as HeartIcon } from "lucide-react";
import { buttonClass } from "../../components/ui/button.ts";
import { Tip } from "../../components/ui/Tooltip.tsx";
import { m } from "../../i18n/index.ts";
import { cn } from "../../lib/cn.ts";
import { $favorites, toggleFavorite } from "./store.ts";

interface Props {
  providerId: string;
  /** Size and placement classes shared with the placeholder. */
  box: string;
  overlay: boolean;
}

/**
 * The heart itself, with its tooltip. Loaded only once someone is signed in
 * (see FavoriteButton), so visitors never download the tooltip's positioning
 * code. Until the favorites list is known it keeps the placeholder's box.
 */
export default function Heart({ providerId, box, overlay }: Props) {
  const favorites = useStore($favorites);
  if (favorites.status !== "ready" && favorites.status !== "error") {
    return <span aria-hidden="true" className={cn(box, "inline-block")} />;
  }
  const on = favorites.ids.has(providerId);
  return (
    <Tip label={on ? m.search_favorite_remove_tip() : m.search_favorite_save_tip()}>
      <button
        type="button"
        aria-label={on ? m.search_unfavorite() : m.search_favorite()}
        onClick={() => void toggleFavorite(providerId)}
        className={buttonClass(
          "ghost",
          "icon",
          cn(
            "relative z-10 rounded-full",
            on ? "text-danger hover:text-danger" : "text-ink-muted hover:text-danger",
            overlay && "bg-surface/95 shadow-card hover:bg-surface",
            box,
          ),
        )}
      >
        <HeartIcon
          aria-hidden="true"
          className={cn("size-5 transition-transform active:scale-90", on && "fill-current")}
          strokeWidth={2}
        />
      </button>
    </Tip>
  );
}
