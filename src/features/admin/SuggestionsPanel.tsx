import { useStore } from "@nanostores/react";
import { Check, ExternalLink, Inbox, LoaderCircle, MapPin, X } from "lucide-react";
import { ToggleGroup } from "radix-ui";
import { useId, useRef, useState, type ReactNode, type RefObject, type SubmitEvent } from "react";
import { CategoryChip } from "../../components/ui/Badge.tsx";
import { buttonClass } from "../../components/ui/button.ts";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { RefreshButton } from "../../components/ui/RefreshButton.tsx";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import { controlClass, describedBy, Field } from "../../components/ui/Field.tsx";
import {
  ADMIN_PAGE_SIZE,
  SUGGESTION_FILTERS,
  type AdminSuggestion,
  type SuggestionFilter,
} from "../../lib/admin-schemas.ts";
import { cn } from "../../lib/cn.ts";
import {
  buildApprovePayload,
  emptyText,
  FILTER_LABELS,
  initialDraft,
  primaryCategoryId,
  suggestionActions,
  type ContactDraft,
  type ContactErrors,
  type ContactField,
} from "./suggestions.ts";
import {
  $suggestionBusy,
  $suggestionFilter,
  $suggestions,
  approveSuggestion,
  goToSuggestionsPage,
  loadSuggestions,
  rejectSuggestion,
  setSuggestionFilter,
} from "./suggestions-store.ts";

const dateFormat = new Intl.DateTimeFormat("en-PK", { dateStyle: "medium" });

/**
 * Provider Suggestions: a status filter, then one card per
 * suggestion with what the visitor sent, editable contact details and
 * Approve / Reject. Cards rather than a table, so a 360 px phone never
 * scrolls sideways.
 */
export function SuggestionsPanel() {
  const filter = useStore($suggestionFilter);
  const state = useStore($suggestions);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const labelId = useId();

  return (
    <section
      aria-labelledby="suggestions-heading"
      className="rounded-card border-line bg-surface shadow-card border p-4 sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <h2
          id="suggestions-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-ink text-lg font-semibold outline-none"
        >
          Provider Suggestions
        </h2>
        <RefreshButton
          loading={state.status === "loading"}
          onRefresh={() => void loadSuggestions()}
          className="-me-2 -mt-2 shrink-0"
        />
      </div>
      <p className="text-ink-muted text-sm sm:-mt-1">
        Visitors suggest providers from the directory. Approving one lists it as “Suggested” with
        the contact details below.
      </p>

      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
        <span id={labelId} className="text-ink text-sm font-semibold">
          Status
        </span>
        <ToggleGroup.Root
          type="single"
          value={filter}
          // A single toggle group lets the pressed item be switched off; a filter always has a value.
          onValueChange={(v) => v && setSuggestionFilter(v as SuggestionFilter)}
          aria-labelledby={labelId}
          className="border-line-strong bg-subtle rounded-control grid grid-cols-4 gap-1 border p-1 sm:inline-grid"
        >
          {SUGGESTION_FILTERS.map((f) => (
            <ToggleGroup.Item
              key={f}
              value={f}
              className={cn(
                "text-ink-soft min-h-11 rounded-md px-1 text-[0.8125rem] font-semibold transition-colors sm:px-4 sm:text-sm",
                "hover:text-ink focus-visible:outline-primary-ring focus-visible:outline-3 focus-visible:outline-offset-1",
                "data-[state=on]:bg-surface data-[state=on]:text-primary-dark data-[state=on]:shadow-card",
              )}
            >
              {FILTER_LABELS[f]}
            </ToggleGroup.Item>
          ))}
        </ToggleGroup.Root>
      </div>
      {(filter === "all" || filter === "approved") && (
        <p className="text-ink-muted mt-2 text-sm">
          {filter === "all"
            ? "Choose Pending or Rejected to approve or reject suggestions."
            : "Approved suggestions are listed in the directory; there is nothing left to review."}
        </p>
      )}

      <div className="mt-5">
        <SuggestionList state={state} filter={filter} headingRef={headingRef} />
      </div>

      {state.status === "ready" && state.filter === filter && state.total > ADMIN_PAGE_SIZE && (
        <div className="border-line mt-5 border-t pt-4">
          <Pagination
            label="Suggestion pages"
            page={state.page}
            limit={ADMIN_PAGE_SIZE}
            total={state.total}
            loading={false}
            onPage={(page) => {
              goToSuggestionsPage(page);
              headingRef.current?.scrollIntoView({ block: "start" });
            }}
          />
        </div>
      )}
    </section>
  );
}

function SuggestionList({
  state,
  filter,
  headingRef,
}: {
  state: ReturnType<typeof $suggestions.get>;
  filter: SuggestionFilter;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  if (state.status === "error") {
    return (
      <ErrorBox
        title="We couldn't load the suggestions."
        message={state.message}
        onRetry={() => void loadSuggestions()}
      />
    );
  }
  if (state.status === "loading" || state.filter !== filter) {
    return (
      <div role="status">
        <span className="sr-only">Loading suggestions…</span>
        <ul aria-hidden="true" className="flex flex-col gap-4">
          {[0, 1, 2].map((i) => (
            <li key={i} className="rounded-card border-line border p-4 sm:p-5">
              <div className="skeleton h-6 w-48" />
              <div className="skeleton mt-2 h-4 w-32" />
              <div className="mt-4 grid gap-3 sm:grid-cols-3">
                {[0, 1, 2].map((j) => (
                  <div key={j}>
                    <div className="skeleton h-4 w-20" />
                    <div className="skeleton rounded-control mt-2 h-12 w-full" />
                  </div>
                ))}
              </div>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (state.items.length === 0) {
    return (
      <div className="rounded-control bg-subtle text-ink-muted flex items-start gap-3 px-4 py-6 text-sm">
        <Inbox aria-hidden="true" className="size-5 shrink-0" />
        <div>
          <p className="text-ink font-medium">{emptyText(filter)}</p>
          <p className="mt-0.5">
            {filter === "pending"
              ? "New suggestions from visitors appear here for review."
              : "Choose another status above to see other suggestions."}
          </p>
        </div>
      </div>
    );
  }
  const focusHeading = () => headingRef.current?.focus();
  return (
    <ul className="flex flex-col gap-4">
      {state.items.map((s) => (
        <li key={s.id}>
          <SuggestionCard suggestion={s} filter={filter} onDone={focusHeading} />
        </li>
      ))}
    </ul>
  );
}

const STATUS_BADGE: Record<AdminSuggestion["status"], string> = {
  pending: "border-accent-border bg-accent-soft text-accent-ink",
  approved: "border-primary-soft-hover bg-primary-soft text-primary-dark",
  rejected: "border-danger-border bg-danger-soft text-danger",
};

const STATUS_LABEL: Record<AdminSuggestion["status"], string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
};

function SuggestionCard({
  suggestion: s,
  filter,
  onDone,
}: {
  suggestion: AdminSuggestion;
  filter: SuggestionFilter;
  /** After a successful review the card may leave the list: focus goes somewhere stable. */
  onDone: () => void;
}) {
  const id = useId();
  const busy = useStore($suggestionBusy)[s.id];
  const [draft, setDraft] = useState<ContactDraft>(() => initialDraft(s));
  const [errors, setErrors] = useState<ContactErrors>({});
  const fields = useRef<Partial<Record<ContactField, HTMLInputElement | null>>>({});
  const { canApprove, canReject } = suggestionActions(filter, s.status);
  const categoryId = primaryCategoryId(s);

  const set = (field: ContactField, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const approve = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy || !canApprove) return;
    const check = buildApprovePayload(draft);
    if (!check.ok) {
      setErrors(check.errors);
      fields.current[check.first]?.focus();
      return;
    }
    setErrors({});
    if (await approveSuggestion(s.id, check.payload)) onDone();
  };

  const reject = async () => {
    if (busy || !canReject) return;
    if (await rejectSuggestion(s.id)) onDone();
  };

  const input = (field: ContactField, label: string, props: Record<string, string>) => (
    <Field id={`${id}-${field}`} label={label} error={errors[field]}>
      <input
        {...props}
        id={`${id}-${field}`}
        name={field}
        value={draft[field]}
        onChange={(e) => set(field, e.currentTarget.value)}
        disabled={!canApprove}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(`${id}-${field}`, errors[field])}
        ref={(el) => {
          fields.current[field] = el;
        }}
        className={controlClass}
      />
    </Field>
  );

  return (
    <article
      aria-labelledby={`${id}-name`}
      aria-busy={busy ? true : undefined}
      className="rounded-card border-line border p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h3 id={`${id}-name`} className="text-ink min-w-0 text-base font-semibold break-words">
          {s.name}
        </h3>
        <span
          className={cn(
            "inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 text-xs font-semibold",
            STATUS_BADGE[s.status],
          )}
        >
          {STATUS_LABEL[s.status]}
        </span>
      </div>
      <p className="text-ink-muted mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="inline-flex items-center gap-1">
          <MapPin aria-hidden="true" className="size-4" />
          {s.city}
        </span>
        <span>Suggested {dateFormat.format(new Date(s.createdAt))}</span>
      </p>
      {s.categoryNames.length > 0 && (
        <ul aria-label="Categories" className="mt-3 flex flex-wrap gap-1.5">
          {s.categoryNames.map((name) => (
            <li key={name}>
              <CategoryChip name={name} />
            </li>
          ))}
        </ul>
      )}

      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Detail label="Contact" value={s.contact} />
        <Detail label="Email" value={s.email} />
        <Detail
          label="Website"
          value={
            s.website && /^https?:\/\//i.test(s.website) ? (
              <a
                href={s.website}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="text-primary-dark inline-flex items-center gap-1 font-medium break-all underline-offset-2 hover:underline"
              >
                {s.website}
                <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : (
              s.website
            )
          }
        />
        <Detail
          label="Category ID"
          value={categoryId && <span className="font-mono text-xs break-all">{categoryId}</span>}
        />
      </dl>

      <form
        noValidate
        onSubmit={(e) => void approve(e)}
        className="border-line mt-4 border-t pt-4"
        aria-label={`Review ${s.name}`}
      >
        <p className="text-ink-soft text-sm font-medium">
          Contact details for the listing{" "}
          <span className="text-ink-muted font-normal">(optional, sent on approval)</span>
        </p>
        <div className="mt-3 grid gap-4 md:grid-cols-3">
          {input("email", "Email (optional)", {
            type: "email",
            inputMode: "email",
            autoComplete: "off",
            placeholder: "sales@company.pk",
          })}
          {input("phone", "Phone (optional)", {
            type: "tel",
            inputMode: "tel",
            autoComplete: "off",
            placeholder: "0300 1234567",
          })}
          {input("website", "Website (optional)", {
            type: "url",
            inputMode: "url",
            autoComplete: "off",
            placeholder: "www.company.pk",
          })}
        </div>
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={() => void reject()}
            disabled={!canReject}
            aria-disabled={busy ? true : undefined}
            className={buttonClass(
              "outline",
              "md",
              "text-danger hover:bg-danger-soft aria-disabled:cursor-progress sm:min-w-32",
            )}
          >
            {busy === "reject" ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <X aria-hidden="true" className="size-4" />
            )}
            {busy === "reject" ? "Rejecting…" : "Reject"}
          </button>
          <button
            type="submit"
            disabled={!canApprove}
            aria-disabled={busy ? true : undefined}
            className={buttonClass("primary", "md", "aria-disabled:cursor-progress sm:min-w-32")}
          >
            {busy === "approve" ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Check aria-hidden="true" className="size-4" />
            )}
            {busy === "approve" ? "Approving…" : "Approve"}
          </button>
        </div>
      </form>
    </article>
  );
}

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-ink-muted text-xs font-semibold tracking-wide uppercase">{label}</dt>
      <dd className="text-ink mt-0.5 break-words">
        {value || <span className="text-ink-muted">—</span>}
      </dd>
    </div>
  );
}
