import { ArrowLeft, Banknote, LoaderCircle, Mail, Send, UserRound } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { controlClass, Field, textareaClass } from "../../components/ui/Field.tsx";
import {
  cityName,
  currentLocale,
  formatCount,
  formatRupees,
  localHref,
  m,
} from "../../i18n/index.ts";
import { cn } from "../../lib/cn.ts";
import { MESSAGE_MAX, type LeadSummary, type LeadThread } from "../../lib/lead-schemas.ts";
import { fillSlots } from "../../i18n/slots.tsx";
import { useFormFields } from "../provider-form/form-fields.ts";
import { useSubmit } from "../forms/use-submit.ts";
import { toast } from "../toast/store.ts";
import { checkReply, EMPTY_REPLY, todayInPakistan, type ReplyValues } from "./form.ts";
import { RupeesInput } from "./RupeesInput.tsx";
import { sendReply, statusText } from "./store.ts";
import {
  formatDay,
  fullTime,
  inSentence,
  quoteText,
  reviewNote,
  statusBadge,
  timeAgo,
} from "./view.ts";

const TONES = {
  new: "border-accent-border bg-accent-soft text-accent-ink",
  active: "border-primary-soft-hover bg-primary-soft text-primary-dark",
  won: "border-primary bg-primary text-white",
  lost: "border-line-strong bg-subtle text-ink-soft",
  muted: "border-line bg-subtle text-ink-muted",
} as const;

/** New / Replied / Quoted / Won / Lost (or In review, Removed) as a small pill. */
export function StatusBadge({
  lead,
  className,
}: {
  lead: Pick<LeadSummary, "status" | "reviewState">;
  className?: string;
}) {
  const b = statusBadge(lead);
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap",
        TONES[b.tone],
        className,
      )}
    >
      {b.label}
    </span>
  );
}

/** A time as '5 minutes ago', the full date and time on hover and for machines. */
export function When({ iso }: { iso: string }) {
  // The time the row was first drawn: '5 minutes ago' does not tick while it is read.
  const [now] = useState(() => Date.now());
  return (
    <time dateTime={iso} title={fullTime(iso)}>
      {timeAgo(iso, now)}
    </time>
  );
}

interface Props {
  thread: LeadThread;
  /** Provider-only controls (status, report), shown under the heading. */
  actions?: ReactNode;
  /** On phones the thread replaces the list: the way back to it. */
  onBack?: () => void;
  backLabel?: string;
  /** The list is hidden on every screen while a thread is open (the dashboard): always offer the way back. */
  stacked?: boolean;
}

/**
 * One request and its conversation, the same for both parties: the request
 * itself, then the messages (the reader's own on the end side), then the
 * reply box. The provider's reply box also takes a quote in PKR with the day
 * it is valid until; the provider's view shows who the customer is.
 */
export function LeadThreadView({
  thread,
  actions,
  onBack,
  backLabel = m.leads_back(),
  stacked = false,
}: Props) {
  const headingId = useId();
  const locale = currentLocale();
  const viewer = thread.viewerSide;
  const note = viewer === "customer" ? reviewNote(thread) : null;
  const canReply = viewer !== "admin" && thread.reviewState === "visible";
  const otherName = viewer === "customer" ? thread.provider.companyName : thread.customerName;

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-card border-line bg-surface shadow-card flex min-w-0 flex-col border"
    >
      <header className="border-line flex flex-col gap-3 border-b p-4 sm:p-5">
        {onBack && (
          <button
            type="button"
            onClick={onBack}
            className={buttonClass(
              "ghost",
              "sm",
              cn("-ms-2 -mt-1 self-start", !stacked && "lg:hidden"),
            )}
          >
            <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {backLabel}
          </button>
        )}
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h2 id={headingId} className="text-ink text-lg font-semibold break-words">
              {viewer === "customer"
                ? fillSlots(m.leads_request_to({ company: "{company}" }), {
                    company: (
                      <a
                        href={localHref(thread.provider.url)}
                        dir="auto"
                        className="text-primary-dark underline underline-offset-2"
                      >
                        {thread.provider.companyName}
                      </a>
                    ),
                  })
                : m.leads_request_from({ name: inSentence(thread.customerName, locale) })}
            </h2>
            <p className="text-ink-muted mt-0.5 text-sm">
              {fillSlots(m.leads_sent_at({ time: "{time}", city: "{city}" }), {
                time: <When iso={thread.createdAt} />,
                city: cityName(thread.city, locale),
              })}
            </p>
          </div>
          <StatusBadge lead={thread} className="text-sm" />
        </div>
        {thread.customer && viewer !== "customer" && (
          <ul
            aria-label={m.leads_customer()}
            className="text-ink-soft flex flex-wrap gap-x-5 gap-y-1 text-sm"
          >
            <li className="flex items-center gap-1.5">
              <UserRound aria-hidden="true" className="text-ink-muted size-4" />
              <bdi>{thread.customer.name}</bdi>
            </li>
            <li className="flex min-w-0 items-center gap-1.5">
              <Mail aria-hidden="true" className="text-ink-muted size-4 shrink-0" />
              <a
                href={`mailto:${thread.customer.email}`}
                className="text-primary-dark min-w-0 break-all underline underline-offset-2"
              >
                {thread.customer.email}
              </a>
            </li>
          </ul>
        )}
        {actions}
      </header>

      <div className="flex flex-col gap-4 p-4 sm:p-5">
        {note && (
          <p role="note" className="rounded-control bg-accent-soft text-ink-soft p-3 text-sm">
            {note}
          </p>
        )}
        <RequestDetails thread={thread} />

        {thread.messages.length === 0 ? (
          <p className="text-ink-muted text-sm">
            {viewer === "customer"
              ? m.leads_no_reply_yet({ name: inSentence(otherName, locale) })
              : m.leads_no_messages()}
          </p>
        ) : (
          <ol aria-label={m.leads_messages()} className="flex flex-col gap-3">
            {thread.messages.map((msg) => {
              const mine = msg.side === viewer;
              const quote = quoteText(msg, locale);
              const who = mine
                ? m.leads_you()
                : msg.side === "customer"
                  ? thread.customerName
                  : otherName;
              return (
                <li
                  key={msg.id}
                  className={cn(
                    "rounded-card max-w-[min(36rem,92%)] border p-3",
                    mine
                      ? "border-primary-soft-hover bg-primary-soft ms-auto"
                      : "border-line bg-subtle me-auto",
                  )}
                >
                  <p className="text-ink-muted flex flex-wrap gap-x-2 text-xs">
                    <span dir="auto" className="text-ink font-semibold">
                      {who}
                    </span>
                    <When iso={msg.createdAt} />
                  </p>
                  {quote && (
                    <p className="rounded-control border-accent-border bg-surface text-ink mt-2 flex items-center gap-2 border px-2.5 py-1.5 text-sm">
                      <Banknote aria-hidden="true" className="text-accent size-4 shrink-0" />
                      <span>
                        <span className="font-semibold">{m.leads_quote_label()} </span>
                        <span className="tabular-nums">{quote}</span>
                      </span>
                    </p>
                  )}
                  {/* Typed text keeps its own direction: English reads left to right on an Urdu page. */}
                  <p dir="auto" className="text-ink-soft mt-1.5 break-words whitespace-pre-line">
                    {msg.body}
                  </p>
                </li>
              );
            })}
          </ol>
        )}
      </div>

      {canReply && (
        <ReplyForm key={thread.id} id={thread.id} quote={viewer === "provider"} to={otherName} />
      )}
    </article>
  );
}

function RequestDetails({ thread }: { thread: LeadThread }) {
  const locale = currentLocale();
  /** Label, value, and whether the value is text someone typed (its own direction). */
  const facts: [string, string, boolean?][] = [];
  if (thread.quantity) facts.push([m.leads_quantity(), thread.quantity, true]);
  if (thread.budgetPkr !== null) {
    facts.push([m.leads_budget(), formatRupees(thread.budgetPkr, locale)]);
  }
  facts.push([m.leads_city(), cityName(thread.city, locale)]);
  if (thread.neededBy) facts.push([m.leads_needed_by(), formatDay(thread.neededBy, locale)]);
  return (
    <section
      aria-label={m.leads_the_request()}
      className="rounded-card border-line border p-3 sm:p-4"
    >
      <p dir="auto" className="text-ink break-words whitespace-pre-line">
        {thread.need}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        {facts.map(([k, v, typed]) => (
          <div key={k} className="min-w-0">
            <dt className="text-ink-muted">{k}</dt>
            <dd
              dir={typed ? "auto" : undefined}
              className="text-ink font-medium break-words tabular-nums"
            >
              {v}
            </dd>
          </div>
        ))}
      </dl>
      {thread.photos.length > 0 && (
        <ul aria-label={m.leads_photos()} className="mt-3 flex flex-wrap gap-2">
          {thread.photos.map((url, i) => (
            <li key={url}>
              <a
                href={url}
                target="_blank"
                rel="noopener"
                className="rounded-control border-line block overflow-hidden border"
              >
                <img
                  src={url}
                  alt={m.leads_attachment_alt({
                    number: formatCount(i + 1, locale),
                    total: formatCount(thread.photos.length, locale),
                  })}
                  width={120}
                  height={90}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] h-auto w-28 object-cover sm:w-32"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ReplyForm({ id, quote, to }: { id: string; quote: boolean; to: string }) {
  const formId = useId();
  const { values, setValues, errors, setErrors, set, focus, control } = useFormFields<ReplyValues>(
    formId,
    EMPTY_REPLY,
  );
  const [failure, setFailure] = useState("");
  const [today] = useState(() => todayInPakistan(Date.now()));

  const { pending, submit } = useSubmit({
    validate: () => {
      const check = checkReply(values, Date.now());
      if (!check.ok) {
        setErrors(check.errors);
        focus(check.first);
        return null;
      }
      setFailure("");
      return check.payload;
    },
    send: (payload) => sendReply(id, quote ? "provider" : "customer", payload),
    onSuccess: (_answer, payload) => {
      setValues(EMPTY_REPLY);
      toast({
        title: payload.quotePkr !== undefined ? m.leads_quote_sent() : m.leads_message_sent(),
      });
    },
    onError: (err) => setFailure(statusText(err)),
    failureTitle: m.leads_message_not_sent(),
  });

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={m.leads_reply()}
      className="border-line bg-canvas rounded-b-card flex flex-col gap-3 border-t p-4 sm:p-5"
    >
      <Field
        id={`${formId}-body`}
        label={m.leads_reply_to({ name: inSentence(to) })}
        error={errors.body}
      >
        <textarea
          {...control("body")}
          dir="auto"
          rows={3}
          maxLength={MESSAGE_MAX}
          required
          className={textareaClass}
        />
      </Field>
      {quote && (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            id={`${formId}-quotePkr`}
            label={m.leads_quote_amount_label()}
            error={errors.quotePkr}
            hint={m.leads_quote_amount_hint()}
          >
            <RupeesInput
              {...control("quotePkr", { hint: true })}
              onValueChange={(v) => set("quotePkr", v)}
              placeholder={formatCount(150_000, currentLocale())}
            />
          </Field>
          <Field
            id={`${formId}-quoteValidUntil`}
            label={m.leads_valid_until_label()}
            error={errors.quoteValidUntil}
          >
            <input
              {...control("quoteValidUntil")}
              type="date"
              min={today}
              className={controlClass}
            />
          </Field>
        </div>
      )}
      {failure && (
        <p role="alert" className="text-danger text-sm font-medium break-words">
          {failure}
        </p>
      )}
      <div className="flex justify-end">
        <button
          type="submit"
          aria-disabled={pending || undefined}
          className={buttonClass("primary", "md", "aria-disabled:cursor-progress")}
        >
          {pending ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          )}
          {pending
            ? m.leads_sending()
            : quote && values.quotePkr
              ? m.leads_send_quote()
              : m.leads_send()}
        </button>
      </div>
    </form>
  );
}
