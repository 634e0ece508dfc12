import { Check, ExternalLink, LoaderCircle, Undo2, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useId, useState, type ReactNode, type SubmitEvent } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { describedBy, Field, textareaClass } from "../../components/ui/Field.tsx";
import { currentLocale, dateFormat, localHref, m } from "../../i18n/index.ts";
import { localizeError } from "../../i18n/errors.ts";
import { cn } from "../../lib/cn.ts";
import { EDIT_REASON_MAX, editRejectSchema, type EditView } from "../../lib/edit-schemas.ts";
import { fieldLabel, isLatinValue, statusLabel, valueText, type CategoryNames } from "./view.ts";

/** Which request a card has in flight. */
export type EditBusy = "accept" | "reject" | "undo" | undefined;

const STATUS_BADGE: Record<EditView["status"], string> = {
  pending: "border-accent-border bg-accent-soft text-accent-ink",
  accepted: "border-primary-soft-hover bg-primary-soft text-primary-dark",
  rejected: "border-danger-border bg-danger-soft text-danger",
  withdrawn: "border-line bg-subtle text-ink-muted",
};

/**
 * One suggested change, for the listing's owner (dashboard) or an admin (Edits
 * tab): the field, the listing's value now beside the suggested one, the note,
 * who suggested it and when; Accept and Reject (with a reason) while pending,
 * Undo for an accepted change of categories. Closing or merging a listing, and
 * undoing, are confirmed first.
 */
export function EditCard({
  edit,
  categories,
  busy,
  showListing = false,
  onAccept,
  onReject,
  onUndo,
}: {
  edit: EditView;
  categories: CategoryNames;
  busy: EditBusy;
  /** The admin tab lists every listing's proposals: name the listing. */
  showListing?: boolean;
  onAccept: () => Promise<boolean>;
  onReject: (reason: string) => Promise<boolean>;
  onUndo: () => Promise<boolean>;
}) {
  const id = useId();
  const locale = currentLocale();
  const label = fieldLabel(edit.field, locale);
  const now = valueText(edit.field, edit.current, "current", locale, categories);
  const proposed = valueText(
    edit.field,
    edit.value,
    "proposed",
    locale,
    categories,
    edit.duplicateOf,
  );
  const date = dateFormat(locale, { dateStyle: "medium" }).format(new Date(edit.createdAt));
  const who = edit.proposer
    ? m.edits_by({
        name: edit.proposer.email
          ? `${edit.proposer.name} <${edit.proposer.email}>`
          : edit.proposer.name,
        date,
      })
    : m.edits_by_unknown({ date });
  const ltr = isLatinValue(edit.field);
  const pending = edit.status === "pending";
  const leaves = edit.field === "closed" || edit.field === "duplicate";

  const acceptButton = (props: Record<string, unknown> = {}) => (
    <button
      type="button"
      {...props}
      aria-disabled={busy ? true : undefined}
      className={buttonClass("primary", "md", "aria-disabled:cursor-progress sm:min-w-32")}
    >
      {busy === "accept" ? (
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      ) : (
        <Check aria-hidden="true" className="size-4" />
      )}
      {busy === "accept" ? m.edits_accepting() : m.edits_accept()}
    </button>
  );

  return (
    <article
      aria-labelledby={`${id}-title`}
      aria-busy={busy ? true : undefined}
      className="rounded-card border-line bg-surface border p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h3 id={`${id}-title`} className="text-ink min-w-0 text-base font-semibold break-words">
          {showListing ? `${edit.provider.companyName}: ${label}` : label}
        </h3>
        <span
          className={cn(
            "inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 text-xs font-semibold",
            STATUS_BADGE[edit.status],
          )}
        >
          {statusLabel(edit.status, locale)}
        </span>
      </div>
      <p className="text-ink-muted mt-1 text-sm break-words">{who}</p>
      {showListing && (
        <a
          href={localHref(edit.provider.path)}
          target="_blank"
          rel="noopener"
          className="text-primary-dark mt-1 inline-flex min-h-11 items-center gap-1 text-sm font-medium underline-offset-2 hover:underline"
        >
          {m.edits_view_listing()}
          <ExternalLink aria-hidden="true" className="size-3.5 shrink-0 rtl:-scale-x-100" />
          <span className="sr-only">({edit.provider.companyName})</span>
        </a>
      )}

      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
        {edit.field !== "duplicate" && (
          <Detail label={m.edits_now()} muted>
            <Value text={now} ltr={ltr} />
          </Detail>
        )}
        <Detail label={m.edits_suggested()}>
          {edit.field === "duplicate" && edit.duplicateOf ? (
            <a
              href={localHref(edit.duplicateOf.path)}
              target="_blank"
              rel="noopener"
              className="text-primary-dark inline-flex items-center gap-1 font-semibold underline-offset-2 hover:underline"
            >
              {edit.duplicateOf.companyName}
              <ExternalLink aria-hidden="true" className="size-3.5 shrink-0 rtl:-scale-x-100" />
            </a>
          ) : (
            <Value text={proposed} ltr={ltr} strong />
          )}
        </Detail>
        {edit.note && (
          <Detail label={m.edits_note_label()} wide>
            <span className="[unicode-bidi:plaintext]">{edit.note}</span>
          </Detail>
        )}
        {edit.reason && (
          <Detail label={m.edits_reason_label()} wide>
            <span className="[unicode-bidi:plaintext]">{edit.reason}</span>
          </Detail>
        )}
      </dl>
      {edit.undoneAt && (
        <p className="text-ink-soft bg-subtle rounded-control mt-3 px-3 py-2 text-sm">
          {m.edits_undone({
            date: dateFormat(locale, { dateStyle: "medium" }).format(new Date(edit.undoneAt)),
          })}
        </p>
      )}
      {edit.undoable && (
        <div className="border-line mt-4 flex justify-end border-t pt-4">
          <ConfirmDialog
            trigger={
              <button
                type="button"
                aria-disabled={busy ? true : undefined}
                className={buttonClass(
                  "outline",
                  "md",
                  "aria-disabled:cursor-progress sm:min-w-32",
                )}
              >
                {busy === "undo" ? (
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                ) : (
                  <Undo2 aria-hidden="true" className="size-4 rtl:-scale-x-100" />
                )}
                {busy === "undo" ? m.edits_undoing() : m.edits_undo()}
              </button>
            }
            title={m.edits_undo_title()}
            description={m.edits_undo_text()}
            confirmLabel={m.edits_undo()}
            busyLabel={m.edits_undoing()}
            onConfirm={onUndo}
          />
        </div>
      )}
      {edit.noChange && (
        <p className="text-ink-soft bg-subtle rounded-control mt-3 px-3 py-2 text-sm">
          {m.edits_no_change()}
        </p>
      )}

      {pending && (
        <div className="border-line mt-4 flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
          <RejectDialog label={label} busy={busy} onReject={onReject} />
          {leaves ? (
            <ConfirmDialog
              trigger={acceptButton()}
              title={
                edit.field === "closed"
                  ? m.edits_accept_closed_title()
                  : m.edits_accept_duplicate_title({ name: edit.duplicateOf?.companyName ?? "" })
              }
              description={
                edit.field === "closed"
                  ? m.edits_accept_closed_text()
                  : m.edits_accept_duplicate_text({ name: edit.duplicateOf?.companyName ?? "" })
              }
              confirmLabel={m.edits_accept()}
              busyLabel={m.edits_accepting()}
              onConfirm={onAccept}
            />
          ) : (
            acceptButton({ onClick: () => void (!busy && onAccept()) })
          )}
        </div>
      )}
    </article>
  );
}

function Detail({
  label,
  muted,
  wide,
  children,
}: {
  label: string;
  muted?: boolean;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        "rounded-control min-w-0 px-3 py-2",
        muted ? "bg-subtle" : "bg-primary-soft/50",
        wide && "bg-transparent px-0 py-0 sm:col-span-2",
      )}
    >
      <dt className="text-ink-muted text-xs font-semibold tracking-wide uppercase">{label}</dt>
      <dd className="text-ink mt-0.5 break-words">{children}</dd>
    </div>
  );
}

function Value({ text, ltr, strong }: { text: string | null; ltr: boolean; strong?: boolean }) {
  if (!text) return <span className="text-ink-muted">{m.edits_value_none()}</span>;
  return (
    <span
      dir={ltr ? "ltr" : undefined}
      className={cn(strong && "font-semibold", ltr && "break-all")}
    >
      {text}
    </span>
  );
}

/** 'Reject' and its dialog asking the reason (mailed to the proposer); stays open until the server answers. */
function RejectDialog({
  label,
  busy,
  onReject,
}: {
  label: string;
  busy: EditBusy;
  onReject: (reason: string) => Promise<boolean>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const sending = busy === "reject";

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const parsed = editRejectSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(localizeError(parsed.error.issues[0]?.message ?? "", currentLocale()));
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setError(undefined);
    if (await onReject(parsed.data.reason)) {
      setOpen(false);
      setReason("");
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(o) => !sending && setOpen(o)}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          aria-disabled={busy ? true : undefined}
          className={buttonClass(
            "outline",
            "md",
            "text-danger hover:bg-danger-soft aria-disabled:cursor-progress sm:min-w-32",
          )}
        >
          <X aria-hidden="true" className="size-4" />
          {m.edits_reject()}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="bg-ink/40 fixed inset-0 z-40" />
        <Dialog.Content className="rounded-card bg-surface shadow-raised fixed inset-x-4 top-1/2 z-50 mx-auto max-h-[90dvh] max-w-md -translate-y-1/2 overflow-y-auto p-6">
          <Dialog.Title className="text-ink text-lg font-bold">
            {m.edits_reject_title()}
          </Dialog.Title>
          <Dialog.Description className="text-ink-soft mt-1 text-sm">
            {label}. {m.edits_reject_text()}
          </Dialog.Description>
          <form noValidate onSubmit={(e) => void submit(e)} className="mt-4">
            <Field
              id={`${id}-reason`}
              label={m.edits_reject_reason()}
              required
              hint={m.edits_reject_reason_hint()}
              error={error}
            >
              <textarea
                id={`${id}-reason`}
                value={reason}
                required
                maxLength={EDIT_REASON_MAX}
                rows={3}
                onChange={(e) => {
                  setReason(e.currentTarget.value);
                  if (error) setError(undefined);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(`${id}-reason`, error, "hint")}
                className={cn(textareaClass, "[unicode-bidi:plaintext]")}
              />
            </Field>
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonClass("outline", "md")} disabled={sending}>
                {m.common_cancel()}
              </Dialog.Close>
              <button
                type="submit"
                aria-disabled={sending || undefined}
                className={buttonClass("danger", "md", "aria-disabled:cursor-progress")}
              >
                {sending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
                {sending ? m.edits_rejecting() : m.edits_reject()}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
