import { useStore } from "@nanostores/react";
import {
  BadgeCheck,
  Building2,
  ExternalLink,
  Hourglass,
  ImagePlus,
  LoaderCircle,
  LockKeyhole,
  Mail,
  MailCheck,
  MapPin,
  ShieldCheck,
  X,
} from "lucide-react";
import { useId, useRef, useState, type ChangeEvent, type ReactNode } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import { describedBy, Field, textareaClass } from "../../components/ui/Field.tsx";
import { localizeError } from "../../i18n/errors.ts";
import {
  cityName,
  companyName,
  currentLocale,
  formatCount,
  localHref,
  m,
} from "../../i18n/index.ts";
import { fillSlots } from "../../i18n/slots.tsx";
import { CLAIM_NOTE_MAX, claimEvidenceSchema, type ClaimTarget } from "../../lib/claim-schemas.ts";
import { cn } from "../../lib/cn.ts";
import { $session } from "../auth/session.ts";
import { isImageFile } from "../dashboard/images.ts";
import { failureMessage } from "../forms/use-submit.ts";
import { typedTextClass } from "../provider-form/ProviderFields.tsx";
import { textLink } from "../account/ScreenCard.tsx";
import { signInPath, suggestEditPath } from "./paths.ts";
import {
  $claimBusy,
  $claimPage,
  loadClaimTarget,
  sendClaimEvidence,
  sendClaimLink,
  uploadClaimPhoto,
} from "./store.ts";
import { claimView, type ClaimView } from "./view.ts";

/**
 * /claim-listing?provider={id} (decision 025): 'Claim this business'. The build
 * renders the loading state; signed out, the page explains and links to sign
 * in (coming back here); signed in, it shows the listing and the one next step
 * the server allows: a link mailed to the listing's address, evidence for an
 * admin, or why the listing cannot be claimed.
 */
export function ClaimListingPage() {
  const session = useStore($session, { ssr: "initial" });
  const page = useStore($claimPage, { ssr: "initial" });

  if (page.status === "missing") {
    return (
      <Shell>
        <Notice
          icon={<Building2 aria-hidden="true" className="size-6" />}
          title={m.claims_missing_title()}
          level={1}
        >
          <p className="text-ink-soft mt-2">{m.claims_missing_text()}</p>
          <a href={localHref("/pk")} className={buttonClass("primary", "lg", "mt-6 w-full")}>
            {m.claims_browse()}
          </a>
        </Notice>
      </Shell>
    );
  }

  if (session.status === "unauthenticated") return <SignedOut />;

  if (session.status === "loading" || page.status === "loading") {
    return (
      <Shell>
        <div role="status" className="rounded-card border-line bg-surface border p-6 sm:p-8">
          <span className="sr-only">{m.claims_loading()}</span>
          <div aria-hidden="true">
            <div className="skeleton size-12 rounded-full" />
            <div className="skeleton mt-4 h-7 w-56 max-w-full" />
            <div className="skeleton mt-3 h-4 w-full" />
            <div className="skeleton mt-2 h-4 w-3/4" />
            <div className="skeleton rounded-control mt-6 h-12 w-full" />
          </div>
        </div>
      </Shell>
    );
  }

  if (page.status === "notFound") {
    return (
      <Shell>
        <Notice
          icon={<Building2 aria-hidden="true" className="size-6" />}
          title={m.claims_not_found_title()}
          level={1}
        >
          <p className="text-ink-soft mt-2">{m.claims_not_found_text()}</p>
          <a href={localHref("/pk")} className={buttonClass("primary", "lg", "mt-6 w-full")}>
            {m.claims_browse()}
          </a>
        </Notice>
      </Shell>
    );
  }

  if (page.status === "error") {
    return (
      <Shell>
        <h1 className="text-ink mb-4 text-2xl font-bold tracking-tight">{m.claims_heading()}</h1>
        <ErrorBox
          title={m.claims_load_failed()}
          message={page.message}
          onRetry={() => void loadClaimTarget()}
        />
      </Shell>
    );
  }

  return (
    <Shell>
      <h1 className="text-ink text-2xl font-bold tracking-tight sm:text-3xl">
        {m.claims_heading()}
      </h1>
      <p className="text-ink-soft mt-2">{m.claims_intro()}</p>
      <ListingCard target={page.target} />
      <ClaimSteps
        target={page.target}
        view={claimView(page.target, page.sent)}
        userId={session.user.id}
      />
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">{children}</div>;
}

/** A card with an icon and a heading: one state of the page. */
function Notice({
  icon,
  title,
  level = 2,
  tone = "primary",
  headingRef,
  children,
}: {
  icon: ReactNode;
  title: ReactNode;
  level?: 1 | 2;
  tone?: "primary" | "muted";
  /** Set when the card appears after an action, so focus moves to what changed. */
  headingRef?: (el: HTMLHeadingElement | null) => void;
  children?: ReactNode;
}) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <section className="rounded-card border-line bg-surface shadow-card border p-6 sm:p-8">
      <span
        className={cn(
          "flex size-12 items-center justify-center rounded-full",
          tone === "primary" ? "bg-primary-soft text-primary" : "bg-subtle text-ink-muted",
        )}
      >
        {icon}
      </span>
      <Heading
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className={cn(
          "text-ink mt-4 font-bold tracking-tight text-balance outline-none",
          level === 1 ? "text-2xl" : "text-xl",
        )}
      >
        {title}
      </Heading>
      {children}
    </section>
  );
}

function SignedOut() {
  // This page's own address (already in its language), to come back to after signing in.
  const here = `${location.pathname}${location.search}`;
  return (
    <Shell>
      <Notice
        icon={<LockKeyhole aria-hidden="true" className="size-6" />}
        title={m.claims_sign_in_title()}
        level={1}
      >
        <p className="text-ink-soft mt-2">{m.claims_sign_in_text()}</p>
        <h2 className="text-ink mt-5 text-sm font-semibold">{m.claims_steps_label()}</h2>
        <ol className="text-ink-soft mt-2 flex list-decimal flex-col gap-1.5 ps-5 text-sm">
          <li>{m.claims_step_sign_in()}</li>
          <li>{m.claims_step_prove()}</li>
          <li>{m.claims_step_manage()}</li>
        </ol>
        <a
          href={localHref(signInPath(here))}
          className={buttonClass("primary", "lg", "mt-6 w-full")}
        >
          {m.claims_sign_in()}
        </a>
      </Notice>
    </Shell>
  );
}

/** The listing being claimed: its name, city and a link to its page. */
function ListingCard({ target }: { target: ClaimTarget }) {
  const locale = currentLocale();
  const p = target.provider;
  return (
    <div className="rounded-card border-line bg-subtle mt-5 mb-5 flex items-start gap-3 border p-4">
      <Building2 aria-hidden="true" className="text-ink-muted mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p dir="auto" className="text-ink font-semibold break-words">
          {companyName(p, locale)}
        </p>
        {p.city && (
          <p className="text-ink-muted mt-0.5 flex items-center gap-1 text-sm">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            {cityName(p.city, locale)}
          </p>
        )}
        <a href={localHref(p.path)} className={cn(textLink, "min-h-11 gap-1 text-sm")}>
          {m.claims_view_listing()}
          <ExternalLink aria-hidden="true" className="size-3.5 shrink-0 rtl:-scale-x-100" />
        </a>
      </div>
    </div>
  );
}

/** An email in a sentence: kept left to right on an Urdu page. */
function Email({ value }: { value: string }) {
  return (
    <bdi dir="ltr" className="text-ink font-semibold break-all">
      {value}
    </bdi>
  );
}

function ClaimSteps({
  target,
  view,
  userId,
}: {
  target: ClaimTarget;
  view: ClaimView;
  userId: string;
}) {
  const busy = useStore($claimBusy);
  // "No access to that email?": the evidence form instead of the link.
  const [evidence, setEvidence] = useState(false);
  // After an action the card that replaces the form takes the focus (keyboard and screen readers).
  const acted = useRef(false);
  const focusIfActed = (el: HTMLHeadingElement | null) => {
    if (el && acted.current) {
      acted.current = false;
      el.focus();
    }
  };

  const sendLink = async () => {
    if (busy) return;
    acted.current = true;
    if (!(await sendClaimLink())) acted.current = false;
  };

  switch (view.kind) {
    case "owned":
      return (
        <Notice
          icon={<BadgeCheck aria-hidden="true" className="size-6" />}
          title={m.claims_owned_title()}
        >
          <p className="text-ink-soft mt-2">{m.claims_owned_text()}</p>
          <a
            href={localHref("/provider-dashboard")}
            className={buttonClass("primary", "lg", "mt-6 w-full")}
          >
            {m.claims_go_dashboard()}
          </a>
        </Notice>
      );
    case "claimed":
      return (
        <Notice
          icon={<ShieldCheck aria-hidden="true" className="size-6" />}
          title={m.claims_claimed_title()}
          tone="muted"
          headingRef={focusIfActed}
        >
          <p className="text-ink-soft mt-2">{m.claims_claimed_text()}</p>
          <a
            href={localHref(suggestEditPath(target.provider.id))}
            className={buttonClass("outline", "lg", "mt-6 w-full")}
          >
            {m.claims_box_suggest_edit()}
          </a>
        </Notice>
      );
    case "ownsOther":
      return (
        <Notice
          icon={<ShieldCheck aria-hidden="true" className="size-6" />}
          title={m.claims_owns_other_title()}
          tone="muted"
        >
          <p className="text-ink-soft mt-2">{m.claims_owns_other_text()}</p>
          <a
            href={localHref("/provider-dashboard")}
            className={buttonClass("outline", "lg", "mt-6 w-full")}
          >
            {m.claims_go_dashboard()}
          </a>
        </Notice>
      );
    case "review":
      return (
        <Notice
          icon={<Hourglass aria-hidden="true" className="size-6" />}
          title={m.claims_review_title()}
          headingRef={focusIfActed}
        >
          <p className="text-ink-soft mt-2">{m.claims_review_text()}</p>
        </Notice>
      );
    default:
      break;
  }

  const hasEmail = view.kind === "linkSent" || view.email !== null;
  if (evidence || !hasEmail) {
    return (
      <EvidenceForm
        providerId={target.provider.id}
        userId={userId}
        previous={view.kind === "start" ? view.previous : null}
        noEmail={
          hasEmail ? null : view.kind === "start" && view.unconfirmed ? "unconfirmed" : "none"
        }
        onUseEmail={hasEmail ? () => setEvidence(false) : undefined}
        onSent={() => {
          acted.current = true;
        }}
      />
    );
  }

  const noAccess = (
    <button type="button" onClick={() => setEvidence(true)} className={cn(textLink, "mt-3")}>
      {m.claims_no_access()}
    </button>
  );

  if (view.kind === "linkSent") {
    return (
      <Notice
        icon={<MailCheck aria-hidden="true" className="size-6" />}
        title={fillSlots(m.claims_sent_title({ email: "{email}" }), {
          email: <bdi dir="ltr">{view.email}</bdi>,
        })}
        headingRef={focusIfActed}
      >
        <p className="text-ink-soft mt-2" role="status">
          {view.held ? m.claims_already_sent_text() : m.claims_sent_text()}
        </p>
        <button
          type="button"
          onClick={() => void sendLink()}
          aria-disabled={busy !== null || undefined}
          className={buttonClass("outline", "lg", "mt-6 w-full aria-disabled:cursor-progress")}
        >
          {busy === "link" && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
          {busy === "link" ? m.claims_sending() : m.claims_send_again()}
        </button>
        {noAccess}
      </Notice>
    );
  }

  return (
    <Notice icon={<Mail aria-hidden="true" className="size-6" />} title={m.claims_email_heading()}>
      <Previous previous={view.previous} />
      <p className="text-ink-soft mt-2">
        {fillSlots(m.claims_email_text({ email: "{email}" }), {
          email: <Email value={view.email ?? ""} />,
        })}
      </p>
      <button
        type="button"
        onClick={() => void sendLink()}
        aria-disabled={busy !== null || undefined}
        className={buttonClass("primary", "lg", "mt-6 w-full aria-disabled:cursor-progress")}
      >
        {busy === "link" && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
        {busy === "link" ? m.claims_sending() : m.claims_send_link()}
      </button>
      {noAccess}
    </Notice>
  );
}

/** How the caller's last attempt ended, when it did not succeed. */
function Previous({ previous }: { previous: Extract<ClaimView, { kind: "start" }>["previous"] }) {
  if (!previous) return null;
  if (previous.kind === "expired") {
    return (
      <p className="text-ink-soft bg-subtle rounded-control mt-3 p-3 text-sm">
        {m.claims_expired_text()}
      </p>
    );
  }
  return (
    <div className="rounded-control border-danger-border bg-danger-soft mt-3 border p-3 text-sm">
      <p className="text-ink font-semibold">{m.claims_rejected_title()}</p>
      {previous.reason && (
        <p dir="auto" className="text-ink-soft mt-0.5 break-words">
          {m.claims_rejected_reason({ reason: previous.reason })}
        </p>
      )}
      <p className="text-ink-soft mt-1">{m.claims_try_again()}</p>
    </div>
  );
}

interface EvidenceErrors {
  phone?: string;
  note?: string;
  photo?: string;
}

function EvidenceForm({
  providerId,
  userId,
  previous,
  noEmail,
  onUseEmail,
  onSent,
}: {
  providerId: string;
  userId: string;
  previous: Extract<ClaimView, { kind: "start" }>["previous"];
  /** Why there is no email link to offer: no address on file, or one nobody vouches for. */
  noEmail: "none" | "unconfirmed" | null;
  onUseEmail: (() => void) | undefined;
  onSent: () => void;
}) {
  const id = useId();
  const locale = currentLocale();
  const busy = useStore($claimBusy);
  const [phone, setPhone] = useState("");
  const [note, setNote] = useState("");
  const [photo, setPhoto] = useState<{ url: string; name: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<EvidenceErrors>({});
  const phoneInput = useRef<HTMLInputElement>(null);
  const noteInput = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const pending = busy === "evidence";

  const submit = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (busy || uploading) return;
    const parsed = claimEvidenceSchema.safeParse({ providerId, phone, note, photoUrl: photo?.url });
    if (!parsed.success) {
      const found: EvidenceErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        const text = localizeError(issue.message, locale);
        if (key === "phone") found.phone ??= text;
        else if (key === "note") found.note ??= text;
        else if (key === "photoUrl") found.photo ??= text;
      }
      setErrors(found);
      if (found.phone) phoneInput.current?.focus();
      else if (found.note) noteInput.current?.focus();
      return;
    }
    setErrors({});
    onSent();
    await sendClaimEvidence(parsed.data);
  };

  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    // Cleared, so picking the same file again still counts as a change.
    e.currentTarget.value = "";
    if (!file) return;
    setErrors((x) => ({ ...x, photo: undefined }));
    if (!isImageFile(file)) {
      setErrors((x) => ({ ...x, photo: m.claims_photo_failed({ reason: m.claims_photo_hint() }) }));
      return;
    }
    setUploading(true);
    try {
      const url = await uploadClaimPhoto(userId, file);
      setPhoto({ url, name: file.name });
    } catch (err) {
      setErrors((x) => ({ ...x, photo: m.claims_photo_failed({ reason: failureMessage(err) }) }));
    } finally {
      setUploading(false);
    }
  };

  const noteId = `${id}-note`;
  // Phone numbers keep their left-to-right order inside an Urdu sentence.
  const phoneHint = fillSlots(m.claims_phone_hint({ mobile: "{mobile}", landline: "{landline}" }), {
    mobile: <bdi dir="ltr">0300 1234567</bdi>,
    landline: <bdi dir="ltr">042 35761234</bdi>,
  });
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-card border-line bg-surface shadow-card border p-6 sm:p-8"
    >
      <h2 id={`${id}-title`} className="text-ink text-xl font-bold tracking-tight">
        {m.claims_evidence_heading()}
      </h2>
      <Previous previous={previous} />
      {noEmail === "none" && <p className="text-ink-soft mt-2">{m.claims_no_email_text()}</p>}
      {noEmail === "unconfirmed" && (
        <p className="text-ink-soft mt-2">{m.claims_email_unconfirmed_text()}</p>
      )}
      <p className="text-ink-soft mt-2">{m.claims_evidence_intro()}</p>
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        aria-busy={pending || undefined}
        className="mt-5 flex flex-col gap-4"
      >
        <Field
          id={`${id}-phone`}
          label={m.claims_phone_label()}
          required
          error={errors.phone}
          hint={phoneHint}
        >
          <input
            ref={phoneInput}
            id={`${id}-phone`}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={40}
            required
            value={phone}
            onChange={(e) => {
              setPhone(e.currentTarget.value);
              if (errors.phone) setErrors((x) => ({ ...x, phone: undefined }));
            }}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={describedBy(`${id}-phone`, errors.phone, "hint")}
            className={typedTextClass}
          />
        </Field>
        <Field
          id={noteId}
          label={m.claims_note_label()}
          error={errors.note}
          hint={m.claims_note_hint()}
        >
          <textarea
            ref={noteInput}
            id={noteId}
            name="note"
            rows={4}
            maxLength={CLAIM_NOTE_MAX}
            value={note}
            onChange={(e) => {
              setNote(e.currentTarget.value);
              if (errors.note) setErrors((x) => ({ ...x, note: undefined }));
            }}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={describedBy(noteId, errors.note, m.claims_note_hint())}
            className={cn(textareaClass, "[unicode-bidi:plaintext]")}
          />
          <span aria-hidden="true" className="text-ink-muted self-end text-xs tabular-nums">
            {m.claims_note_counter({
              count: formatCount(note.length, locale),
              max: formatCount(CLAIM_NOTE_MAX, locale),
            })}
          </span>
        </Field>

        <div className="flex flex-col gap-2">
          <p id={`${id}-photo-label`} className="text-ink text-sm font-semibold">
            {m.claims_photo_label()}
          </p>
          {photo ? (
            <div className="relative w-fit">
              <img
                src={photo.url}
                alt={m.claims_photo_alt()}
                width={160}
                height={120}
                className="rounded-control border-line aspect-[4/3] h-auto w-40 border object-cover"
              />
              <button
                type="button"
                aria-label={m.claims_photo_remove()}
                onClick={() => setPhoto(null)}
                disabled={pending}
                className={buttonClass(
                  "outline",
                  "icon",
                  "bg-surface/90 absolute end-0 top-0 rounded-full",
                )}
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </div>
          ) : (
            <div>
              <button
                type="button"
                onClick={() => !uploading && !pending && picker.current?.click()}
                aria-disabled={uploading || pending || undefined}
                aria-describedby={errors.photo ? `${id}-photo-error` : `${id}-photo-hint`}
                className={buttonClass("outline", "md", "aria-disabled:opacity-60")}
              >
                {uploading ? (
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                ) : (
                  <ImagePlus aria-hidden="true" className="size-4" />
                )}
                {uploading ? m.claims_photo_uploading() : m.claims_photo_add()}
              </button>
            </div>
          )}
          <span role="status" className="sr-only">
            {uploading ? m.claims_photo_uploading() : ""}
          </span>
          <input
            ref={picker}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            hidden
            tabIndex={-1}
            aria-labelledby={`${id}-photo-label`}
            onChange={(e) => void onPick(e)}
          />
          {errors.photo ? (
            <p id={`${id}-photo-error`} className="text-danger text-sm font-medium">
              {errors.photo}
            </p>
          ) : (
            <p id={`${id}-photo-hint`} className="text-ink-muted text-sm">
              {m.claims_photo_hint()}
            </p>
          )}
        </div>

        <button
          type="submit"
          aria-disabled={pending || uploading || undefined}
          className={buttonClass("primary", "lg", "mt-2 w-full aria-disabled:cursor-progress")}
        >
          {pending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
          {pending ? m.claims_sending() : m.claims_send_request()}
        </button>
      </form>
      {onUseEmail && (
        <button type="button" onClick={onUseEmail} className={cn(textLink, "mt-3")}>
          {m.claims_use_email()}
        </button>
      )}
    </section>
  );
}
