import { LoaderCircle } from "lucide-react";
import { m } from "../../i18n/index.ts";
import { buttonClass } from "./button.ts";

/**
 * "Load more" that stays in place while loading (aria-disabled rather than
 * disabled or unmounted), so keyboard focus is not lost to <body>.
 */
export function LoadMoreButton({ loading, onLoad }: { loading: boolean; onLoad: () => void }) {
  return (
    <div className="flex justify-center pt-1">
      <button
        type="button"
        aria-disabled={loading || undefined}
        onClick={() => {
          if (!loading) onLoad();
        }}
        className={buttonClass(
          "outline",
          "lg",
          "w-full aria-disabled:cursor-progress aria-disabled:opacity-70 sm:w-auto sm:min-w-48",
        )}
      >
        {loading && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
        {loading ? m.common_loading() : m.common_load_more()}
      </button>
    </div>
  );
}
