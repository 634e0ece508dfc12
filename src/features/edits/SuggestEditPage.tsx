import { useStore } from "@nanostores/react";
import {
  Check,
  CircleAlert,
  CircleCheck,
  LoaderCircle,
  LockKeyhole,
  MapPin,
  Search,
  Send,
} from "lucide-react";
import { Checkbox } from "radix-ui";
import { useId, useRef, useState, type ReactNode, type SubmitEvent } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { CheckboxItem } from "../../components/ui/CheckboxItem.tsx";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import {
  controlClass,
  describedBy,
  Field,
  FieldError,
  SelectControl,
  textareaClass,
} from "../../components/ui/Field.tsx";
import {
  categoryName,
  cityName,
  companyName,
  currentLocale,
  localHref,
  m,
} from "../../i18n/index.ts";
import { DASHBOARD_CITY_OPTIONS } from "../../lib/cities.ts";
import { cn } from "../../lib/cn.ts";
import {
  EDIT_FIELDS,
  EDIT_NOTE_MAX,
  type EditCreated,
  type EditField,
} from "../../lib/edit-schemas.ts";
import { splitLocation } from "../../lib/location.ts";
import type { ProviderPublic } from "../../lib/types.ts";
import { $session } from "../auth/session.ts";
import { inReaderOrder } from "../directory/reader-order.ts";
import { typedTextClass } from "../provider-form/ProviderFields.tsx";
import {
  buildEditPayload,
  categoryIdsOf,
  initialDraft,
  type DraftErrors,
  type DraftInput,
  type EditDraft,
  type ListingNow,
} from "./suggest-form.ts";
import {
  $duplicateSearch,
  $editCategories,
  $ownsListing,
  $target,
  loadTarget,
  searchDuplicates,
  sendEdits,
} from "./suggest-store.ts";
import { fieldLabel } from "./view.ts";

/** The sign-in page, coming back to this very address. */
function loginPath(): string {
  return localHref(`/login?next=${encodeURIComponent(location.pathname + location.search)}`);
}

/**
 * 'Suggest an edit' (decision 025): the listing named by `?provider={id}`, then a
 * form where a signed-in visitor ticks what is wrong (phone, email, website,
 * city and address, categories, permanently closed, duplicate of another
 * listing), each with the correct value and an optional note. Signed out: the
 * listing and a sign-in link that comes back here; the listing's owner is sent
 * to the dashboard instead. The build renders only the loading state.
 */
export function SuggestEditPage() {
  const target = useStore($target, { ssr: "initial" });
  const session = useStore($session, { ssr: "initial" });
  const owns = useStore($ownsListing, { ssr: "initial" });

  if (target.status === "missing" || target.status === "notFound") {
    const missing = target.status === "missing";
    return (
      <Shell>
        <Notice
          title={missing ? m.edits_no_provider_title() : m.edits_not_found_title()}
          text={missing ? m.edits_no_provider_text() : m.edits_not_found_text()}
        >
          <a href={localHref("/")} className={buttonClass("primary", "lg", "mt-6")}>
            <Search aria-hidden="true" className="size-5" />
            {m.edits_browse()}
          </a>
        </Notice>
      </Shell>
    );
  }
  if (target.status === "error") {
    return (
      <Shell>
        <ErrorBox
          title={m.edits_load_failed()}
          message={target.message}
          onRetry={() => void loadTarget()}
        />
      </Shell>
    );
  }
  if (target.status === "loading") {
    return (
      <Shell>
        <Skeleton label={m.edits_loading()} />
      </Shell>
    );
  }

  const provider = target.provider;
  let body: ReactNode;
  if (session.status === "unauthenticated") {
    body = (
      <Notice
        icon={<LockKeyhole aria-hidden="true" className="text-primary size-10" />}
        title={m.edits_signed_out_title()}
        text={m.edits_signed_out_text()}
      >
        <a href={loginPath()} className={buttonClass("primary", "lg", "mt-6")}>
          {m.edits_sign_in()}
        </a>
      </Notice>
    );
  } else if (session.status === "loading" || owns === null) {
    body = <Skeleton label={m.edits_loading()} />;
  } else if (owns) {
    body = (
      <Notice title={m.edits_owner_title()} text={m.edits_owner_text()}>
        <a href={localHref("/provider-dashboard")} className={buttonClass("primary", "lg", "mt-6")}>
          {m.edits_owner_link()}
        </a>
      </Notice>
    );
  } else {
    body = <SuggestForm provider={provider} />;
  }

  return (
    <Shell intro>
      <ListingSummary provider={provider} />
      <div className="mt-6">{body}</div>
    </Shell>
  );
}

function Shell({ intro, children }: { intro?: boolean; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:py-10">
      <h1 className="text-ink text-2xl font-bold tracking-tight sm:text-3xl">
        {m.edits_heading()}
      </h1>
      {intro && <p className="text-ink-soft mt-1">{m.edits_intro()}</p>}
      <div className="mt-6">{children}</div>
    </div>
  );
}

function Notice({
  icon,
  title,
  text,
  children,
}: {
  icon?: ReactNode;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <div className="rounded-card border-line bg-surface flex flex-col items-center border px-6 py-10 text-center">
      {icon}
      <p className={cn("text-ink text-xl font-bold", icon && "mt-3")}>{title}</p>
      <p className="text-ink-soft mt-1 max-w-md">{text}</p>
      {children}
    </div>
  );
}

function Skeleton({ label }: { label: string }) {
  return (
    <div role="status">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="rounded-card border-line bg-surface border p-5">
        <div className="skeleton h-6 w-56 max-w-full" />
        <div className="skeleton mt-2 h-4 w-40" />
        {[0, 1, 2].map((i) => (
          <div key={i} className="skeleton rounded-control mt-5 h-11 w-full" />
        ))}
      </div>
    </div>
  );
}

function ListingSummary({ provider }: { provider: ProviderPublic }) {
  const locale = currentLocale();
  const { city, address } = splitLocation(provider.location);
  const where = [cityName(city || provider.city || "", locale), address].filter(Boolean);
  return (
    <section
      aria-labelledby="edit-listing-heading"
      className="rounded-card border-line bg-surface shadow-card flex flex-col gap-3 border p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <p className="text-ink-muted text-xs font-semibold tracking-wide uppercase">
          {m.edits_listing()}
        </p>
        <h2 id="edit-listing-heading" className="text-ink text-lg font-semibold break-words">
          {companyName(provider, locale)}
        </h2>
        {where.length > 0 && (
          <p className="text-ink-muted mt-0.5 flex items-start gap-1 text-sm">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span className="[unicode-bidi:plaintext]">
              {where.join(locale === "ur" ? "، " : ", ")}
            </span>
          </p>
        )}
      </div>
      <a href={localHref(provider.path)} className={buttonClass("outline", "md", "shrink-0")}>
        {m.edits_view_listing()}
      </a>
    </section>
  );
}

// ---------------------------------------------------------------- the form

type Refs = Partial<Record<DraftInput, HTMLElement | null>>;

function SuggestForm({ provider }: { provider: ProviderPublic }) {
  const id = useId();
  const listing: ListingNow = {
    id: provider.id,
    location: provider.location,
    city: provider.city,
    categoryIds: categoryIdsOf(provider.services),
  };
  const [draft, setDraft] = useState<EditDraft>(() => initialDraft(listing));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<EditCreated | null>(null);
  const refs = useRef<Refs>({});
  const sentRef = useRef<HTMLHeadingElement>(null);
  const ref = (key: DraftInput) => (el: HTMLElement | null) => {
    refs.current[key] = el;
  };

  const clear = (...keys: DraftInput[]) => {
    if (keys.some((k) => errors[k])) {
      setErrors((e) => {
        const next = { ...e };
        for (const k of keys) delete next[k];
        return next;
      });
    }
  };
  const set = <K extends "phone" | "email" | "website" | "city" | "address">(
    key: K,
    value: string,
  ) => {
    setDraft((d) => ({ ...d, [key]: value }));
    clear(key);
  };
  const setNote = (field: EditField, value: string) => {
    setDraft((d) => ({ ...d, notes: { ...d.notes, [field]: value } }));
    clear(`note-${field}`);
  };
  const tick = (field: EditField, on: boolean) => {
    setDraft((d) => ({ ...d, selected: { ...d.selected, [field]: on } }));
    clear("form");
  };

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending) return;
    setFailure(null);
    const check = buildEditPayload(draft, listing);
    if (!check.ok) {
      setErrors(check.errors);
      refs.current[check.first]?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    const result = await sendEdits(check.payload);
    setSending(false);
    if (result.ok) {
      setSent(result.created);
      // The form is gone: the focus moves to the heading that replaced it, which reads it out.
      requestAnimationFrame(() => sentRef.current?.focus());
    } else {
      setFailure(result.message);
    }
  };

  if (sent) {
    return (
      <div className="rounded-card border-primary-soft-hover bg-primary-soft flex flex-col items-center border px-6 py-10 text-center">
        <CircleCheck aria-hidden="true" className="text-primary-dark size-10" />
        <h2 ref={sentRef} tabIndex={-1} className="text-ink mt-3 text-xl font-bold outline-none">
          {m.edits_sent_title()}
        </h2>
        <p className="text-ink-soft mt-1 max-w-md">
          {sent.reviewer === "owner" ? m.edits_sent_owner() : m.edits_sent_admin()}
        </p>
        <a href={localHref(provider.path)} className={buttonClass("primary", "lg", "mt-6")}>
          {m.edits_back_to_listing()}
        </a>
      </div>
    );
  }

  const note = (field: EditField) => {
    const key: DraftInput = `note-${field}`;
    const noteId = `${id}-note-${field}`;
    return (
      <Field id={noteId} label={m.edits_note()} hint={m.edits_note_hint()} error={errors[key]}>
        <textarea
          id={noteId}
          ref={ref(key)}
          value={draft.notes[field]}
          maxLength={EDIT_NOTE_MAX}
          rows={2}
          onChange={(e) => setNote(field, e.currentTarget.value)}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={describedBy(noteId, errors[key], "hint")}
          className={cn(textareaClass, "min-h-20 [unicode-bidi:plaintext]")}
        />
      </Field>
    );
  };

  const text = (
    key: "phone" | "email" | "website",
    label: string,
    props: { type: string; inputMode: "tel" | "email" | "url"; placeholder: string },
  ) => {
    const inputId = `${id}-${key}`;
    return (
      <Field id={inputId} label={label} required error={errors[key]}>
        <input
          {...props}
          id={inputId}
          ref={ref(key)}
          value={draft[key]}
          required
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={key === "email" ? 254 : key === "phone" ? 40 : 300}
          onChange={(e) => set(key, e.currentTarget.value)}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={describedBy(inputId, errors[key])}
          className={typedTextClass}
        />
      </Field>
    );
  };

  const details: Record<EditField, ReactNode> = {
    phone: text("phone", m.edits_new_phone(), {
      type: "tel",
      inputMode: "tel",
      placeholder: "0300 1234567",
    }),
    email: text("email", m.edits_new_email(), {
      type: "email",
      inputMode: "email",
      placeholder: "info@company.pk",
    }),
    website: text("website", m.edits_new_website(), {
      type: "url",
      inputMode: "url",
      placeholder: "www.company.pk",
    }),
    location: <LocationInputs id={id} draft={draft} errors={errors} set={set} refOf={ref} />,
    categories: (
      <CategoryPicker
        id={id}
        chosen={draft.categoryIds}
        error={errors.categories}
        refOf={ref}
        onChange={(categoryIds) => {
          setDraft((d) => ({ ...d, categoryIds }));
          clear("categories");
        }}
      />
    ),
    closed: <p className="text-ink-soft text-sm">{m.edits_closed_text()}</p>,
    duplicate: (
      <DuplicatePicker
        id={id}
        listingId={provider.id}
        chosen={draft.duplicate}
        error={errors.duplicate}
        refOf={ref}
        onChoose={(duplicate) => {
          setDraft((d) => ({ ...d, duplicate }));
          clear("duplicate");
        }}
      />
    ),
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-busy={sending || undefined}>
      <fieldset
        className="rounded-card border-line bg-surface border p-4 sm:p-5"
        aria-describedby={errors.form ? `${id}-form-error` : `${id}-form-hint`}
      >
        <legend className="text-ink float-start w-full text-lg font-semibold">
          {m.edits_what_is_wrong()}
        </legend>
        <p id={`${id}-form-hint`} className="text-ink-muted clear-both text-sm">
          {m.edits_what_is_wrong_hint()}
        </p>
        <div className="mt-1">
          <FieldError id={`${id}-form`} error={errors.form} />
        </div>
        <ul className="mt-3 flex flex-col gap-2">
          {EDIT_FIELDS.map((field, i) => {
            const checkId = `${id}-tick-${field}`;
            const on = draft.selected[field];
            return (
              <li
                key={field}
                className={cn(
                  "rounded-control border px-3 py-1 transition-colors",
                  on ? "border-primary bg-primary-soft/40" : "border-line",
                )}
              >
                <div className="flex min-h-11 items-center gap-3">
                  <Checkbox.Root
                    id={checkId}
                    ref={i === 0 ? ref("form") : undefined}
                    checked={on}
                    onCheckedChange={(v) => tick(field, v === true)}
                    aria-controls={on ? `${id}-detail-${field}` : undefined}
                    className="border-line-strong data-[state=checked]:bg-primary data-[state=checked]:border-primary focus-visible:outline-primary-ring bg-surface flex size-5 shrink-0 items-center justify-center rounded border text-white focus-visible:outline-3 focus-visible:outline-offset-2"
                  >
                    <Checkbox.Indicator>
                      <Check aria-hidden="true" className="size-4" />
                    </Checkbox.Indicator>
                  </Checkbox.Root>
                  <label
                    htmlFor={checkId}
                    className="text-ink grow cursor-pointer py-2 font-medium"
                  >
                    {fieldLabel(field, currentLocale())}
                  </label>
                </div>
                {on && (
                  <div
                    id={`${id}-detail-${field}`}
                    className="flex flex-col gap-4 pt-1 pb-3 sm:ps-8"
                  >
                    {details[field]}
                    {note(field)}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>

      {failure && (
        <div
          role="alert"
          className="rounded-control border-danger-border bg-danger-soft mt-4 flex items-start gap-2 border p-3 text-sm"
        >
          <CircleAlert aria-hidden="true" className="text-danger mt-0.5 size-4 shrink-0" />
          <p>
            <span className="text-ink font-semibold">{m.edits_send_failed()}</span>{" "}
            <span className="text-ink-soft break-words">{failure}</span>
          </p>
        </div>
      )}

      <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <a href={localHref(provider.path)} className={buttonClass("outline", "lg")}>
          {m.edits_back_to_listing()}
        </a>
        <button
          type="submit"
          aria-disabled={sending || undefined}
          className={buttonClass("primary", "lg", "aria-disabled:cursor-progress sm:min-w-48")}
        >
          {sending ? (
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          ) : (
            <Send aria-hidden="true" className="size-5 rtl:-scale-x-100" />
          )}
          {sending ? m.edits_submitting() : m.edits_submit()}
        </button>
      </div>
    </form>
  );
}

function LocationInputs({
  id,
  draft,
  errors,
  set,
  refOf,
}: {
  id: string;
  draft: EditDraft;
  errors: DraftErrors;
  set: (key: "city" | "address", value: string) => void;
  refOf: (key: DraftInput) => (el: HTMLElement | null) => void;
}) {
  const locale = currentLocale();
  const cityId = `${id}-city`;
  const addressId = `${id}-address`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={cityId} label={m.edits_city()} required error={errors.city}>
        <SelectControl
          id={cityId}
          ref={refOf("city")}
          value={draft.city}
          required
          onChange={(e) => set("city", e.currentTarget.value)}
          aria-invalid={errors.city ? true : undefined}
          aria-describedby={describedBy(cityId, errors.city)}
        >
          <option value="">{m.edits_select_city()}</option>
          {/* A stored city outside the list stays selectable, as in the dashboard. */}
          {draft.city && !DASHBOARD_CITY_OPTIONS.includes(draft.city) && (
            <option value={draft.city}>{draft.city}</option>
          )}
          {DASHBOARD_CITY_OPTIONS.map((c) => (
            <option key={c} value={c}>
              {cityName(c, locale)}
            </option>
          ))}
        </SelectControl>
      </Field>
      <Field id={addressId} label={m.edits_address()} error={errors.address}>
        <input
          id={addressId}
          ref={refOf("address")}
          type="text"
          value={draft.address}
          maxLength={300}
          autoComplete="off"
          onChange={(e) => set("address", e.currentTarget.value)}
          aria-invalid={errors.address ? true : undefined}
          aria-describedby={describedBy(addressId, errors.address)}
          className={typedTextClass}
        />
      </Field>
    </div>
  );
}

function CategoryPicker({
  id,
  chosen,
  error,
  refOf,
  onChange,
}: {
  id: string;
  chosen: readonly string[];
  error: string | undefined;
  refOf: (key: DraftInput) => (el: HTMLElement | null) => void;
  onChange: (ids: string[]) => void;
}) {
  const categories = useStore($editCategories);
  const locale = currentLocale();
  const groupId = `${id}-categories`;
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      aria-describedby={error ? `${groupId}-error` : `${groupId}-hint`}
    >
      <legend className="text-ink mb-1.5 text-sm font-semibold">
        {m.edits_categories_legend()}
      </legend>
      <p id={`${groupId}-hint`} className="text-ink-muted text-sm">
        {m.edits_categories_hint()}
      </p>
      <div
        ref={refOf("categories")}
        tabIndex={-1}
        className={cn(
          "rounded-control bg-surface max-h-60 overflow-y-auto border p-2 outline-none",
          error ? "border-danger" : "border-line-strong",
          "focus-visible:outline-primary-ring/40 focus-visible:outline-3",
        )}
      >
        {!categories ? (
          <p className="text-ink-muted flex items-center gap-2 p-2 text-sm">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            {m.edits_categories_loading()}
          </p>
        ) : (
          <ul className="flex flex-col">
            {inReaderOrder(
              categories.map((c) => ({ ...c, label: categoryName(c, locale) })),
              locale,
            ).map((c) => (
              <CheckboxItem
                key={c.id}
                id={`${groupId}-${c.id}`}
                label={c.label}
                checked={chosen.includes(c.id)}
                onCheckedChange={(on) =>
                  onChange(on ? [...chosen, c.id] : chosen.filter((x) => x !== c.id))
                }
              />
            ))}
          </ul>
        )}
      </div>
      <FieldError id={groupId} error={error} />
    </fieldset>
  );
}

function DuplicatePicker({
  id,
  listingId,
  chosen,
  error,
  refOf,
  onChoose,
}: {
  id: string;
  listingId: string;
  chosen: EditDraft["duplicate"];
  error: string | undefined;
  refOf: (key: DraftInput) => (el: HTMLElement | null) => void;
  onChoose: (choice: EditDraft["duplicate"]) => void;
}) {
  const search = useStore($duplicateSearch);
  const [text, setText] = useState("");
  const inputRef = useRef<HTMLInputElement | null>(null);
  const locale = currentLocale();
  const inputId = `${id}-duplicate`;

  if (chosen) {
    return (
      <div className="flex flex-col gap-1.5">
        <p className="text-ink text-sm font-semibold">{m.edits_duplicate_chosen()}</p>
        <div className="rounded-control border-primary bg-surface flex flex-wrap items-center justify-between gap-3 border p-3">
          <div className="min-w-0">
            <p className="text-ink font-semibold break-words">{companyName(chosen, locale)}</p>
            {chosen.city && (
              <p className="text-ink-muted text-sm">{cityName(chosen.city, locale)}</p>
            )}
          </div>
          <button
            type="button"
            ref={refOf("duplicate")}
            onClick={() => {
              onChoose(null);
              requestAnimationFrame(() => inputRef.current?.focus());
            }}
            className={buttonClass("outline", "sm")}
          >
            {m.edits_duplicate_change()}
          </button>
        </div>
        <FieldError id={inputId} error={error} />
      </div>
    );
  }

  const items = search.status === "done" || search.status === "searching" ? search.items : [];
  return (
    <div className="flex flex-col gap-2">
      <Field
        id={inputId}
        label={m.edits_duplicate_search()}
        required
        hint={m.edits_duplicate_search_hint()}
        error={error}
      >
        <input
          id={inputId}
          ref={(el) => {
            inputRef.current = el;
            refOf("duplicate")(el);
          }}
          type="search"
          value={text}
          autoComplete="off"
          maxLength={100}
          onChange={(e) => {
            setText(e.currentTarget.value);
            searchDuplicates(e.currentTarget.value, listingId);
          }}
          onKeyDown={(e) => {
            // Enter searches; it must not send the whole form half filled.
            if (e.key === "Enter") e.preventDefault();
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, error, "hint")}
          className={cn(controlClass, "[unicode-bidi:plaintext]")}
        />
      </Field>
      <div aria-live="polite" className="text-ink-muted text-sm">
        {search.status === "searching" && (
          <span className="flex items-center gap-2">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            {m.edits_duplicate_searching()}
          </span>
        )}
        {search.status === "done" && items.length === 0 && m.edits_duplicate_none()}
        {search.status === "error" && <span className="text-danger">{search.message}</span>}
      </div>
      {items.length > 0 && (
        <ul aria-label={m.edits_duplicate_results()} className="flex flex-col gap-2">
          {items.map((p) => {
            const name = companyName(p, locale);
            return (
              <li key={p.id}>
                <button
                  type="button"
                  aria-label={m.edits_duplicate_choose({ name })}
                  onClick={() =>
                    onChoose({
                      id: p.id,
                      companyName: p.companyName,
                      companyNameUr: p.companyNameUr,
                      city: p.city,
                    })
                  }
                  className="rounded-control border-line-strong bg-surface hover:bg-subtle focus-visible:outline-primary-ring flex min-h-11 w-full flex-col items-start border px-3 py-2 text-start focus-visible:outline-3 focus-visible:outline-offset-2"
                >
                  <span className="text-ink font-semibold break-words">{name}</span>
                  {p.city && (
                    <span className="text-ink-muted text-sm">{cityName(p.city, locale)}</span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
