import { useStore } from "@nanostores/react";
import { CircleAlert, CircleCheck, X } from "lucide-react";
import { Toast } from "radix-ui";
import { currentLocale, LOCALE_DIRS, m } from "../../i18n/index.ts";
import { cn } from "../../lib/cn.ts";
import { $toast, dismissToast, TOAST_DURATION_MS } from "./store.ts";

/**
 * Renders the shared toast queue (./store.ts) with Radix Toast: announced to
 * screen readers, paused while hovered or focused, swipe to dismiss, F8 jumps
 * to it. Mounted once, by the layout; every island calls `toast()`.
 */
export function Toaster() {
  // The build renders no toast; the first client render must match that.
  const t = useStore($toast, { ssr: "initial" });
  const destructive = t?.variant === "destructive";
  // The viewport sits at the inline end: a swipe toward that edge dismisses.
  const rtl = LOCALE_DIRS[currentLocale()] === "rtl";

  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection={rtl ? "left" : "right"}
      label={m.search_toast_label()}
    >
      {t && (
        <Toast.Root
          // A new toast replaces the old one instead of queueing behind it.
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          type={destructive ? "foreground" : "background"}
          className={cn(
            "rounded-card shadow-raised pointer-events-auto relative flex w-full items-start gap-3 border p-4 pe-11",
            "data-[state=closed]:animate-[toast-out_120ms_ease-in_forwards] data-[state=open]:animate-[toast-in_180ms_ease-out]",
            "data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-[toast-swipe-out_120ms_ease-out_forwards] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]",
            // Swiped towards the start edge in RTL, so it leaves to the left.
            "rtl:data-[swipe=end]:animate-[toast-swipe-out-rtl_120ms_ease-out_forwards]",
            destructive ? "border-danger bg-danger text-white" : "border-line bg-surface text-ink",
          )}
        >
          {destructive ? (
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          ) : (
            <CircleCheck aria-hidden="true" className="text-primary mt-0.5 size-5 shrink-0" />
          )}
          <div className="min-w-0 flex-1">
            <Toast.Title className="text-[0.9375rem] leading-snug font-semibold">
              {t.title}
            </Toast.Title>
            {t.description && (
              <Toast.Description
                className={cn(
                  "mt-0.5 text-sm break-words",
                  destructive ? "text-white/90" : "text-ink-soft",
                )}
              >
                {t.description}
              </Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label={m.search_close()}
            className={cn(
              "rounded-control absolute end-1.5 top-1.5 flex size-9 items-center justify-center transition-colors",
              destructive
                ? "text-white/85 hover:bg-white/15 hover:text-white"
                : "text-ink-muted hover:bg-subtle hover:text-ink",
            )}
          >
            <X aria-hidden="true" className="size-4" />
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport
        label={m.search_toast_region({ hotkey: "F8" })}
        className="fixed end-0 bottom-0 z-[100] m-0 flex w-full max-w-[420px] list-none flex-col gap-2 p-4 outline-none"
      />
    </Toast.Provider>
  );
}
