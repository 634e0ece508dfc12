import { ArrowLeft, Banknote, LoaderCircle, Mail, Send, UserRound } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { controlClass, Field, textareaClass } from "../../components/ui/Field.tsx";
import { cn } from "../../lib/cn.ts";
import { MESSAGE_MAX, type LeadSummary, type LeadThread } from "../../lib/lead-schemas.ts";
import { formatPkr } from "../../lib/money.ts";
import { useFormFields } from "../provider-form/form-fields.ts";
import { useSubmit } from "../forms/use-submit.ts";
import { toast } from "../toast/store.ts";
import { checkReply, EMPTY_REPLY, todayInPakistan, type ReplyValues } from "./form.ts";
import { RupeesInput } from "./RupeesInput.tsx";
import { sendReply, statusText } from "./store.ts";
import { formatDay, fullTime, quoteText, reviewNote, statusBadge, timeAgo } from "./view.ts";

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
  backLabel = "Back",
  stacked = false,
}: Props) {
  const headingId = useId();
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
              {viewer === "customer" ? (
                <>
                  Request to{" "}
                  <a
                    href={thread.provider.url}
                    className="text-primary-dark underline underline-offset-2"
                  >
                    {thread.provider.companyName}
                  </a>
                </>
              ) : (
                `Request from ${thread.customerName}`
              )}
            </h2>
            <p className="text-ink-muted mt-0.5 text-sm">
              Sent <When iso={thread.createdAt} /> · {thread.city}
            </p>
          </div>
          <StatusBadge lead={thread} className="text-sm" />
        </div>
        {thread.customer && viewer !== "customer" && (
          <ul
            aria-label="Customer"
            className="text-ink-soft flex flex-wrap gap-x-5 gap-y-1 text-sm"
          >
            <li className="flex items-center gap-1.5">
              <UserRound aria-hidden="true" className="text-ink-muted size-4" />
              {thread.customer.name}
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
              ? `No reply from ${otherName} yet.`
              : "No messages yet. Reply to the customer below."}
          </p>
        ) : (
          <ol aria-label="Messages" className="flex flex-col gap-3">
            {thread.messages.map((m) => {
              const mine = m.side === viewer;
              const quote = quoteText(m);
              const who = mine ? "You" : m.side === "customer" ? thread.customerName : otherName;
              return (
                <li
                  key={m.id}
                  className={cn(
                    "rounded-card max-w-[min(36rem,92%)] border p-3",
                    mine
                      ? "border-primary-soft-hover bg-primary-soft ms-auto"
                      : "border-line bg-subtle me-auto",
                  )}
                >
                  <p className="text-ink-muted flex flex-wrap gap-x-2 text-xs">
                    <span className="text-ink font-semibold">{who}</span>
                    <When iso={m.createdAt} />
                  </p>
                  {quote && (
                    <p className="rounded-control border-accent-border bg-surface text-ink mt-2 flex items-center gap-2 border px-2.5 py-1.5 text-sm">
                      <Banknote aria-hidden="true" className="text-accent size-4 shrink-0" />
                      <span>
                        <span className="font-semibold">Quote: </span>
                        <span className="tabular-nums">{quote}</span>
                      </span>
                    </p>
                  )}
                  <p className="text-ink-soft mt-1.5 break-words whitespace-pre-line">{m.body}</p>
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
  const facts: [string, string][] = [];
  if (thread.quantity) facts.push(["Quantity", thread.quantity]);
  if (thread.budgetPkr !== null) facts.push(["Budget", formatPkr(thread.budgetPkr)]);
  facts.push(["City", thread.city]);
  if (thread.neededBy) facts.push(["Needed by", formatDay(thread.neededBy)]);
  return (
    <section aria-label="The request" className="rounded-card border-line border p-3 sm:p-4">
      <p className="text-ink break-words whitespace-pre-line">{thread.need}</p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        {facts.map(([k, v]) => (
          <div key={k} className="min-w-0">
            <dt className="text-ink-muted">{k}</dt>
            <dd className="text-ink font-medium break-words tabular-nums">{v}</dd>
          </div>
        ))}
      </dl>
      {thread.photos.length > 0 && (
        <ul aria-label="Photos" className="mt-3 flex flex-wrap gap-2">
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
                  alt={`Attachment ${i + 1} of ${thread.photos.length} (opens in a new tab)`}
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
      toast({ title: payload.quotePkr !== undefined ? "Quote sent" : "Message sent" });
    },
    onError: (err) => setFailure(statusText(err)),
    failureTitle: "Message not sent",
  });

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label="Reply"
      className="border-line bg-canvas rounded-b-card flex flex-col gap-3 border-t p-4 sm:p-5"
    >
      <Field id={`${formId}-body`} label={`Reply to ${to}`} error={errors.body}>
        <textarea
          {...control("body")}
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
            label="Quote amount (optional)"
            error={errors.quotePkr}
            hint="Your price for this request, in PKR."
          >
            <RupeesInput
              {...control("quotePkr", { hint: true })}
              onValueChange={(v) => set("quotePkr", v)}
              placeholder="150,000"
            />
          </Field>
          <Field
            id={`${formId}-quoteValidUntil`}
            label="Valid until (optional)"
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
          {pending ? "Sending…" : quote && values.quotePkr ? "Send Quote" : "Send"}
        </button>
      </div>
    </form>
  );
}
