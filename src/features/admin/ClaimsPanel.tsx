import { useStore } from "@nanostores/react";
import {
  BadgeCheck,
  Check,
  CircleCheck,
  ExternalLink,
  Image as ImageIcon,
  Inbox,
  LoaderCircle,
  Mail,
  MapPin,
  X,
} from "lucide-react";
import { Dialog, ToggleGroup } from "radix-ui";
import { useId, useRef, useState, type ReactNode, type RefObject, type SubmitEvent } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import { describedBy, Field, textareaClass } from "../../components/ui/Field.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { RefreshButton } from "../../components/ui/RefreshButton.tsx";
import { ADMIN_PAGE_SIZE } from "../../lib/admin-schemas.ts";
import {
  CLAIM_REASON_MAX,
  CLAIM_STATUSES,
  claimRejectSchema,
  type AdminClaim,
  type ClaimStatus,
} from "../../lib/claim-schemas.ts";
import { cn } from "../../lib/cn.ts";
import { toLocalPhone } from "../../lib/phone.ts";
import {
  $claimDecision,
  $claims,
  approveClaim,
  goToClaimsPage,
  loadClaims,
  rejectClaim,
  setClaimsFilter,
} from "./claims-store.ts";

const dateFormat = new Intl.DateTimeFormat("en-PK", { dateStyle: "medium", timeStyle: "short" });

const STATUS_LABEL: Record<ClaimStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
  superseded: "Superseded",
  expired: "Expired",
};

const STATUS_BADGE: Record<ClaimStatus, string> = {
  pending: "border-accent-border bg-accent-soft text-accent-ink",
  approved: "border-primary-soft-hover bg-primary-soft text-primary-dark",
  rejected: "border-danger-border bg-danger-soft text-danger",
  superseded: "border-line bg-subtle text-ink-muted",
  expired: "border-line bg-subtle text-ink-muted",
};

const EMPTY_TEXT: Record<ClaimStatus, string> = {
  pending: "No claims waiting for review.",
  approved: "No approved claims.",
  rejected: "No rejected claims.",
  superseded: "No superseded claims.",
  expired: "No expired links.",
};

/**
 * Claims (decision 025): who asked to own which listing and with
 * what proof, one status at a time. A pending claim with evidence can be
 * approved (the requester owns the listing) or rejected with a reason; a
 * pending email claim waits for its link and needs no review. Cards, not a
 * table, so a 360 px phone never scrolls sideways.
 */
export function ClaimsPanel() {
  const state = useStore($claims);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = useId();

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-card border-line bg-surface shadow-card border p-4 sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <h2
          id={`${id}-title`}
          ref={headingRef}
          tabIndex={-1}
          className="text-ink text-lg font-semibold outline-none"
        >
          Listing Claims
        </h2>
        <RefreshButton
          loading={state.fetching}
          onRefresh={() => void loadClaims()}
          className="-me-2 -mt-2 shrink-0"
        />
      </div>
      <p className="text-ink-muted text-sm sm:-mt-1">
        Owners claim unowned listings by a link mailed to the listing&apos;s email, or with proof
        for you to check. Compare the phone they gave with the one on file; call it when in doubt.
      </p>

      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
        <span id={`${id}-status`} className="text-ink text-sm font-semibold">
          Status
        </span>
        <ToggleGroup.Root
          type="single"
          value={state.filter}
          // A single toggle group lets the pressed item be switched off; a filter always has a value.
          onValueChange={(v) => v && setClaimsFilter(v as ClaimStatus)}
          aria-labelledby={`${id}-status`}
          className="border-line-strong bg-subtle rounded-control grid grid-cols-3 gap-1 border p-1 sm:inline-grid sm:grid-cols-5"
        >
          {CLAIM_STATUSES.map((f) => (
            <ToggleGroup.Item
              key={f}
              value={f}
              className={cn(
                "text-ink-soft min-h-11 rounded-md px-1 text-[0.8125rem] font-semibold transition-colors sm:px-4 sm:text-sm",
                "hover:text-ink focus-visible:outline-primary-ring focus-visible:outline-3 focus-visible:outline-offset-1",
                "data-[state=on]:bg-surface data-[state=on]:text-primary-dark data-[state=on]:shadow-card",
              )}
            >
              {STATUS_LABEL[f]}
            </ToggleGroup.Item>
          ))}
        </ToggleGroup.Root>
      </div>

      <div className="mt-5" aria-busy={state.fetching || undefined}>
        <ClaimList state={state} headingRef={headingRef} />
      </div>

      {state.status === "ready" && state.total > ADMIN_PAGE_SIZE && (
        <div className="border-line mt-5 border-t pt-4">
          <Pagination
            label="Claims pages"
            page={state.page}
            limit={ADMIN_PAGE_SIZE}
            total={state.total}
            loading={state.fetching}
            onPage={(page) => {
              goToClaimsPage(page);
              headingRef.current?.scrollIntoView({ block: "start" });
            }}
          />
        </div>
      )}
    </section>
  );
}

function ClaimList({
  state,
  headingRef,
}: {
  state: ReturnType<typeof $claims.get>;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  if (state.status === "error") {
    return (
      <ErrorBox
        title="We couldn't load the claims."
        message={state.message}
        onRetry={() => void loadClaims()}
      />
    );
  }
  if (state.status === "loading") {
    return (
      <div role="status">
        <span className="sr-only">Loading claims…</span>
        <ul aria-hidden="true" className="flex flex-col gap-4">
          {[0, 1].map((i) => (
            <li key={i} className="rounded-card border-line border p-4 sm:p-5">
              <div className="skeleton h-6 w-48 max-w-full" />
              <div className="skeleton mt-2 h-4 w-32" />
              <div className="mt-4 grid gap-3 sm:grid-cols-2">
                {[0, 1, 2, 3].map((j) => (
                  <div key={j} className="skeleton h-10 w-full" />
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
          <p className="text-ink font-medium">{EMPTY_TEXT[state.filter]}</p>
          <p className="mt-0.5">
            {state.filter === "pending"
              ? "Claims sent with proof appear here for review."
              : "Choose another status above to see other claims."}
          </p>
        </div>
      </div>
    );
  }
  const focusHeading = () => headingRef.current?.focus();
  return (
    <ul
      aria-label="Claims"
      className={cn("flex flex-col gap-4 transition-opacity", state.fetching && "opacity-60")}
    >
      {state.items.map((c) => (
        <li key={c.id}>
          <ClaimCard claim={c} onDone={focusHeading} />
        </li>
      ))}
    </ul>
  );
}

function ClaimCard({ claim: c, onDone }: { claim: AdminClaim; onDone: () => void }) {
  const id = useId();
  const busy = useStore($claimDecision)[c.id];
  const reviewable = c.status === "pending" && c.method === "evidence";
  const phoneMatches = !!c.phone && !!c.provider.phone && c.phone === c.provider.phone;

  const approve = async () => {
    if (busy) return;
    if (await approveClaim(c.id)) onDone();
  };

  return (
    <article
      aria-labelledby={`${id}-name`}
      aria-busy={busy ? true : undefined}
      className="rounded-card border-line border p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h3 id={`${id}-name`} className="text-ink min-w-0 text-base font-semibold break-words">
          <a
            href={c.provider.path}
            target="_blank"
            rel="noopener"
            className="underline-offset-2 hover:underline"
          >
            {c.provider.companyName}
            <ExternalLink aria-hidden="true" className="ms-1 inline size-3.5 align-baseline" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </h3>
        <div className="flex shrink-0 flex-wrap gap-1.5">
          <span className="border-line bg-surface text-ink-soft inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold">
            {c.method === "email" ? (
              <Mail aria-hidden="true" className="size-3.5" />
            ) : (
              <BadgeCheck aria-hidden="true" className="size-3.5" />
            )}
            {c.method === "email" ? "Email link" : "Evidence"}
          </span>
          <span
            className={cn(
              "inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold",
              STATUS_BADGE[c.status],
            )}
          >
            {STATUS_LABEL[c.status]}
          </span>
        </div>
      </div>
      <p className="text-ink-muted mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        {c.provider.city && (
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden="true" className="size-4" />
            {c.provider.city}
          </span>
        )}
        <span>Asked {dateFormat.format(new Date(c.createdAt))}</span>
        {c.decidedAt && <span>Decided {dateFormat.format(new Date(c.decidedAt))}</span>}
        {c.provider.isClaimed && c.status !== "approved" && (
          <span className="text-ink font-medium">The listing has an owner now</span>
        )}
      </p>

      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Detail label="Requester">
          {c.requester.name && <span className="block">{c.requester.name}</span>}
          <span className="break-all">{c.requester.email}</span>
        </Detail>
        <Detail label="Email on file">
          {c.provider.email && <span className="break-all">{c.provider.email}</span>}
        </Detail>
        {c.method === "evidence" && (
          <Detail label="Phone given">
            {c.phone && (
              <span className="inline-flex flex-wrap items-center gap-x-2">
                <span className="tabular-nums">{toLocalPhone(c.phone)}</span>
                {phoneMatches && (
                  <span className="text-primary-dark inline-flex items-center gap-1 text-xs font-semibold">
                    <CircleCheck aria-hidden="true" className="size-3.5" />
                    Matches the phone on file
                  </span>
                )}
              </span>
            )}
          </Detail>
        )}
        <Detail label="Phone on file">
          {c.provider.phone && (
            <span className="tabular-nums">{toLocalPhone(c.provider.phone)}</span>
          )}
        </Detail>
        {c.method === "evidence" && (
          <Detail label="Note" wide>
            {c.note.trim() && (
              <span dir="auto" className="whitespace-pre-line">
                {c.note}
              </span>
            )}
          </Detail>
        )}
        {c.method === "evidence" && (
          <Detail label="Photo" wide>
            {c.photoUrl && (
              <a
                href={c.photoUrl}
                target="_blank"
                rel="noopener"
                className="text-primary-dark inline-flex items-center gap-2 font-medium underline-offset-2 hover:underline"
              >
                <img
                  src={c.photoUrl}
                  alt=""
                  width={96}
                  height={72}
                  loading="lazy"
                  className="rounded-control border-line aspect-[4/3] h-auto w-24 border object-cover"
                />
                <span className="inline-flex items-center gap-1">
                  <ImageIcon aria-hidden="true" className="size-4" />
                  Open the proof photo
                  <span className="sr-only"> (opens in a new tab)</span>
                </span>
              </a>
            )}
          </Detail>
        )}
        {c.reason && (
          <Detail label="Reason" wide>
            <span dir="auto">{c.reason}</span>
          </Detail>
        )}
      </dl>

      {c.status === "pending" && c.method === "email" && (
        <p className="rounded-control bg-subtle text-ink-soft mt-4 px-3 py-2 text-sm">
          A link went to the listing&apos;s email. The claim completes when the requester opens it
          and confirms; nothing to review.
        </p>
      )}

      {reviewable && (
        <div className="border-line mt-4 flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
          <RejectDialog claim={c} busy={busy} onDone={onDone} />
          <button
            type="button"
            onClick={() => void approve()}
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
      )}
    </article>
  );
}

function Detail({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  const empty =
    children === null || children === undefined || children === false || children === "";
  return (
    <div className={cn("min-w-0", wide && "sm:col-span-2")}>
      <dt className="text-ink-muted text-xs font-semibold tracking-wide uppercase">{label}</dt>
      <dd className="text-ink mt-0.5 break-words">
        {empty ? <span className="text-ink-muted">—</span> : children}
      </dd>
    </div>
  );
}

/** Reject with a reason (mailed to the requester): a Radix dialog with one text area. */
function RejectDialog({
  claim,
  busy,
  onDone,
}: {
  claim: AdminClaim;
  busy: "approve" | "reject" | undefined;
  onDone: () => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const field = useRef<HTMLTextAreaElement>(null);
  const rejecting = busy === "reject";

  const onOpenChange = (next: boolean) => {
    if (rejecting) return;
    if (next) {
      setReason("");
      setError(undefined);
    }
    setOpen(next);
  };

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const parsed = claimRejectSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Reason is required");
      field.current?.focus();
      return;
    }
    if (await rejectClaim(claim.id, parsed.data.reason)) {
      setOpen(false);
      onDone();
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          aria-disabled={busy ? true : undefined}
          aria-label={`Reject the claim on ${claim.provider.companyName}`}
          className={buttonClass(
            "outline",
            "md",
            "text-danger hover:bg-danger-soft aria-disabled:cursor-progress sm:min-w-32",
          )}
        >
          <X aria-hidden="true" className="size-4" />
          Reject
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="bg-ink/40 fixed inset-0 z-40" />
        <Dialog.Content className="rounded-card bg-surface shadow-raised fixed inset-x-4 top-1/2 z-50 mx-auto max-h-[calc(100dvh-2rem)] max-w-md -translate-y-1/2 overflow-y-auto p-5 sm:p-6">
          <Dialog.Title className="text-ink text-lg font-bold">Reject this claim?</Dialog.Title>
          <Dialog.Description className="text-ink-soft mt-1 text-sm break-words">
            {claim.requester.email} is emailed the reason for {claim.provider.companyName}. Nothing
            on the listing changes.
          </Dialog.Description>
          <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 flex flex-col gap-4">
            <Field
              id={`${id}-reason`}
              label="Reason"
              required
              error={error}
              hint="At least 3 characters, e.g. “The phone given is not the business's”."
            >
              <textarea
                ref={field}
                id={`${id}-reason`}
                name="reason"
                rows={4}
                required
                maxLength={CLAIM_REASON_MAX}
                value={reason}
                onChange={(e) => {
                  setReason(e.currentTarget.value);
                  if (error) setError(undefined);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(`${id}-reason`, error, "hint")}
                className={textareaClass}
              />
            </Field>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonClass("outline", "md")} disabled={rejecting}>
                Cancel
              </Dialog.Close>
              <button
                type="submit"
                aria-disabled={rejecting || undefined}
                className={buttonClass("danger", "md", "aria-disabled:cursor-progress")}
              >
                {rejecting && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
                {rejecting ? "Rejecting…" : "Reject claim"}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
