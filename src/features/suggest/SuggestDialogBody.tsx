import { LoaderCircle, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useId, useState } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { CheckboxItem } from "../../components/ui/CheckboxItem.tsx";
import { controlClass } from "../../components/ui/Field.tsx";
import { categoryName, cityName, currentLocale, m } from "../../i18n/index.ts";
import { errorText } from "../../lib/api.ts";
import { api, unwrap, withSignal } from "../../lib/api-client.ts";
import { FEATURED_CITIES, OTHER_CITIES } from "../../lib/cities.ts";
import { HONEYPOT_FIELD } from "../../lib/suggestion-schemas.ts";
import type { Category } from "../../lib/types.ts";
import { inReaderOrder } from "../directory/reader-order.ts";
import { useSubmit } from "../forms/use-submit.ts";
import { toast } from "../toast/store.ts";
import { SUGGEST_HASH } from "./hash.ts";
import { canSubmit, EMPTY_FORM, invalidToast, toPayload, type SuggestForm } from "./form.ts";

const labelClass = "text-ink text-sm font-semibold";

/**
 * "Suggest a Service Provider": loaded by SuggestDialog the first
 * time it is wanted, then opened whenever the page has (or gets) the #suggest
 * hash. Closing clears the hash.
 */
export default function SuggestDialogBody() {
  const id = useId();
  const locale = currentLocale();
  const otherCities = inReaderOrder(
    OTHER_CITIES.map((c) => ({ value: c, label: cityName(c, locale) })),
    locale,
  );
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<SuggestForm>(EMPTY_FORM);
  const [categories, setCategories] = useState<Category[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  /**
   * While the dialog is modal, Radix hides the page (toasts included) from
   * assistive tech, so the dialog repeats its error toasts in its own live region.
   */
  const [announce, setAnnounce] = useState("");

  useEffect(() => {
    const sync = () => {
      if (location.hash === SUGGEST_HASH) setOpen(true);
    };
    sync();
    window.addEventListener("hashchange", sync);
    return () => window.removeEventListener("hashchange", sync);
  }, []);

  useEffect(() => {
    if (!open || categories) return;
    const ctrl = new AbortController();
    unwrap(api["service-categories"].$get(undefined, withSignal(ctrl.signal)))
      .then((list) => {
        setCategories(list);
        setLoadError(null);
      })
      .catch((err: unknown) => {
        if (!ctrl.signal.aborted) setLoadError(errorText(err) ?? m.search_categories_load_failed());
      });
    return () => ctrl.abort();
  }, [open, categories]);

  const { pending: busy, submit } = useSubmit({
    validate: () => {
      if (!canSubmit(form)) {
        const t = invalidToast(form);
        toast({ ...t, variant: "destructive" });
        setAnnounce(m.search_suggest_announce(t));
        return null;
      }
      setAnnounce("");
      return toPayload(form);
    },
    send: (json) => unwrap(api.suggestions.providers.$post({ json })),
    onSuccess: () => {
      toast({ title: m.search_suggest_thanks(), description: m.search_suggest_submitted() });
      setForm(EMPTY_FORM);
      setAnnounce("");
      close();
    },
    onError: (_err, message) => setAnnounce(m.search_suggest_failed_announce({ message })),
    failureTitle: m.search_suggest_failed(),
    failureText: m.search_suggest_failed_text(),
  });
  const close = () => {
    setOpen(false);
    if (location.hash === SUGGEST_HASH) {
      history.replaceState(history.state, "", location.pathname + location.search);
    }
  };

  const changeOpen = (next: boolean) => {
    if (next) setOpen(true);
    else if (!busy) close();
  };

  const set = <K extends keyof SuggestForm>(key: K, value: SuggestForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const toggleCategory = (catId: string, on: boolean) =>
    setForm((f) => ({
      ...f,
      categoryIds: on
        ? [...new Set([...f.categoryIds, catId])]
        : f.categoryIds.filter((c) => c !== catId),
    }));

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="bg-ink/40 fixed inset-0 z-40" />
        <Dialog.Content className="rounded-card bg-surface shadow-raised fixed inset-x-4 top-1/2 z-50 mx-auto flex max-h-[calc(100dvh-2rem)] max-w-lg -translate-y-1/2 flex-col overflow-y-auto p-6">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-ink text-lg font-bold">
              {m.search_suggest_title()}
            </Dialog.Title>
            <Dialog.Close
              className={buttonClass("ghost", "icon", "-me-2 -mt-2 shrink-0")}
              aria-label={m.search_close()}
              disabled={busy}
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-ink-soft mt-1">
            {m.search_suggest_description()}
          </Dialog.Description>

          <form onSubmit={(e) => void submit(e)} noValidate className="mt-5 flex flex-col gap-4">
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-name`} className={labelClass}>
                {m.search_suggest_name()}
              </label>
              <input
                id={`${id}-name`}
                className={controlClass}
                value={form.name}
                maxLength={100}
                required
                autoComplete="organization"
                onChange={(e) => set("name", e.target.value)}
              />
            </div>

            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-city`} className={labelClass}>
                {m.search_city_label()}
              </label>
              <select
                id={`${id}-city`}
                className={controlClass}
                value={form.city}
                required
                onChange={(e) => set("city", e.target.value)}
              >
                <option value="">{m.search_select_city()}</option>
                <optgroup label={m.search_featured_cities()}>
                  {FEATURED_CITIES.map((c) => (
                    <option key={c} value={c}>
                      {cityName(c, locale)}
                    </option>
                  ))}
                </optgroup>
                <optgroup label={m.search_all_cities_group()}>
                  {otherCities.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </optgroup>
              </select>
            </div>

            <fieldset className="flex flex-col gap-1.5">
              <legend className={`${labelClass} mb-1.5`}>
                {m.search_service_categories_legend()}
              </legend>
              <div className="border-line-strong rounded-control h-[15rem] overflow-y-auto border p-2">
                {loadError ? (
                  <p className="text-danger p-2 text-sm">{loadError}</p>
                ) : !categories ? (
                  <p className="text-ink-muted flex items-center gap-2 p-2 text-sm">
                    <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                    {m.search_loading_categories()}
                  </p>
                ) : (
                  <ul className="flex flex-col">
                    {inReaderOrder(
                      categories.map((cat) => ({ ...cat, label: categoryName(cat, locale) })),
                      locale,
                    ).map((cat) => (
                      <CheckboxItem
                        key={cat.id}
                        id={`${id}-cat-${cat.id}`}
                        label={cat.label}
                        checked={form.categoryIds.includes(cat.id)}
                        onCheckedChange={(on) => toggleCategory(cat.id, on)}
                      />
                    ))}
                  </ul>
                )}
              </div>
            </fieldset>

            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-contact`} className={labelClass}>
                {m.search_suggest_contact()}
              </label>
              <input
                id={`${id}-contact`}
                className={controlClass}
                value={form.contact}
                maxLength={500}
                required
                onChange={(e) => set("contact", e.target.value)}
              />
            </div>

            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-email`} className={labelClass}>
                {m.search_email_optional()}
              </label>
              <input
                id={`${id}-email`}
                type="email"
                dir="ltr"
                className={controlClass}
                value={form.email}
                maxLength={254}
                onChange={(e) => set("email", e.target.value)}
              />
            </div>

            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-website`} className={labelClass}>
                {m.search_website_optional()}
              </label>
              <input
                id={`${id}-website`}
                type="text"
                dir="ltr"
                inputMode="url"
                className={controlClass}
                value={form.website}
                maxLength={300}
                placeholder="https://"
                onChange={(e) => set("website", e.target.value)}
              />
            </div>

            {/* Honeypot: hidden from people and assistive tech; bots fill it. */}
            {/* Pushed out past the start edge, the side a page never scrolls to in either direction. */}
            <div aria-hidden="true" className="absolute -start-[9999px] h-px w-px overflow-hidden">
              <label htmlFor={`${id}-trap`}>{m.search_honeypot()}</label>
              <input
                id={`${id}-trap`}
                name={HONEYPOT_FIELD}
                tabIndex={-1}
                autoComplete="off"
                value={form.trap}
                onChange={(e) => set("trap", e.target.value)}
              />
            </div>

            <p role="status" className="sr-only">
              {announce}
            </p>

            <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonClass("outline", "md")} disabled={busy}>
                {m.search_cancel()}
              </Dialog.Close>
              <button
                type="submit"
                aria-disabled={busy || undefined}
                className={buttonClass("primary", "md", "aria-disabled:cursor-progress")}
              >
                {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
                {busy ? m.search_submitting() : m.search_submit_suggestion()}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
