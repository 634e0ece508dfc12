import { ImagePlus, LoaderCircle, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useId, useRef, useState, type ChangeEvent } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { controlClass, Field, SelectControl, textareaClass } from "../../components/ui/Field.tsx";
import { cityName, currentLocale, formatCount, m } from "../../i18n/index.ts";
import { localizeError } from "../../i18n/errors.ts";
import { ApiError } from "../../lib/api.ts";
import { DASHBOARD_CITY_OPTIONS } from "../../lib/cities.ts";
import { cn } from "../../lib/cn.ts";
import { customerLeadPath } from "../../lib/lead-schemas.ts";
import { serverFieldErrors } from "../../lib/server-errors.ts";
import { useFormFields } from "../provider-form/form-fields.ts";
import { useSubmit } from "../forms/use-submit.ts";
import { toast } from "../toast/store.ts";
import {
  checkQuote,
  EMPTY_QUOTE,
  MAX_LEAD_PHOTOS,
  NEED_MAX,
  NEED_MIN,
  needCount,
  todayInPakistan,
  type QuoteValues,
} from "./form.ts";
import { isImageFile, photoFailure, uploadLeadPhoto } from "./photos.ts";
import { RupeesInput } from "./RupeesInput.tsx";
import { createLead, statusText } from "./store.ts";
import { inSentence } from "./view.ts";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  providerId: string;
  companyName: string;
  userId: string;
  /** With the path where the sent request is read. */
  onSent: (path: string) => void;
}

/**
 * 'Request a Quote': what they need (20–2,000 characters, counted), quantity,
 * budget in PKR, their city, needed by, up to 3 photos. Checked with the API's
 * own schema before anything is sent; the server's refusal is shown in the
 * dialog as `{status}: {text}` and in a toast. Loaded only when the button
 * is used (QuoteButton), so a provider page carries none of this.
 */
export default function QuoteDialog({
  open,
  onOpenChange,
  providerId,
  companyName,
  userId,
  onSent,
}: Props) {
  const id = useId();
  const locale = currentLocale();
  const { values, setValues, errors, setErrors, set, focus, control } = useFormFields<QuoteValues>(
    id,
    EMPTY_QUOTE,
  );
  const [photos, setPhotos] = useState<{ url: string; name: string }[]>([]);
  const [uploading, setUploading] = useState(0);
  const [photoError, setPhotoError] = useState<string | undefined>();
  /** The page behind a modal dialog is hidden from screen readers: failures are repeated here. */
  const [failure, setFailure] = useState("");
  const picker = useRef<HTMLInputElement>(null);
  const photoButton = useRef<HTMLButtonElement>(null);
  const [today] = useState(() => todayInPakistan(Date.now()));
  const counter = needCount(values.need);

  const { pending, submit } = useSubmit({
    validate: () => {
      if (uploading > 0) return null;
      const check = checkQuote(
        values,
        photos.map((p) => p.url),
        providerId,
        Date.now(),
      );
      if (!check.ok) {
        setErrors(check.errors);
        setPhotoError(check.errors.photos);
        if (check.first === "photos") photoButton.current?.focus();
        else focus(check.first);
        setFailure(m.leads_check_fields());
        return null;
      }
      setFailure("");
      return check.payload;
    },
    send: createLead,
    onSuccess: (thread) => {
      toast({
        title: m.leads_request_sent_title(),
        description: m.leads_request_sent_text({ company: inSentence(companyName) }),
      });
      setValues(EMPTY_QUOTE);
      setPhotos([]);
      onSent(customerLeadPath(thread.id));
      onOpenChange(false);
    },
    onError: (err) => {
      setFailure(statusText(err));
      // A field the server objected to (a date that became yesterday, say) shows its message.
      const fields = serverFieldErrors(err instanceof ApiError ? err.serverMessage : null, {
        need: "need",
        quantity: "quantity",
        budgetPkr: "budgetPkr",
        city: "city",
        neededBy: "neededBy",
      } as const);
      if (Object.keys(fields).length > 0) setErrors(fields);
    },
    failureTitle: m.leads_request_not_sent(),
  });

  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(e.currentTarget.files ?? [])];
    // Cleared, so picking the same file again still counts as a change.
    e.currentTarget.value = "";
    setPhotoError(undefined);
    const room = MAX_LEAD_PHOTOS - photos.length - uploading;
    if (picked.length > room) {
      // The schema's own sentence (leadCreateSchema), so both say the same.
      setPhotoError(localizeError(`Add at most ${MAX_LEAD_PHOTOS} photos`, locale));
    }
    const files = picked.slice(0, Math.max(0, room));
    const problems: string[] = [];
    for (const file of files) {
      if (!isImageFile(file)) {
        problems.push(m.leads_not_image({ name: inSentence(file.name, locale) }));
        continue;
      }
      setUploading((n) => n + 1);
      try {
        const url = await uploadLeadPhoto(userId, file);
        setPhotos((list) => [...list, { url, name: file.name }]);
      } catch (err) {
        problems.push(photoFailure(file, err));
      } finally {
        setUploading((n) => n - 1);
      }
    }
    if (problems.length > 0) {
      const text = problems.join(" ");
      setPhotoError(text);
      toast({ title: m.leads_photo_not_added(), description: text, variant: "destructive" });
    }
  };

  const changeOpen = (next: boolean) => {
    // Never closed under a request on its way: it would look cancelled and still be sent.
    if (!next && pending) return;
    onOpenChange(next);
  };

  const blocked = pending || uploading > 0;
  const full = photos.length + uploading >= MAX_LEAD_PHOTOS;

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="bg-ink/40 fixed inset-0 z-40" />
        <Dialog.Content className="rounded-card bg-surface shadow-raised fixed inset-x-3 top-1/2 z-50 mx-auto flex max-h-[calc(100dvh-1.5rem)] max-w-xl -translate-y-1/2 flex-col overflow-y-auto p-5 sm:inset-x-4 sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-ink text-lg font-bold">
              {m.leads_request_quote()}
            </Dialog.Title>
            <Dialog.Close
              className={buttonClass("ghost", "icon", "-me-2 -mt-2 shrink-0")}
              aria-label={m.leads_close()}
              disabled={pending}
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-ink-soft mt-1">
            {m.leads_dialog_description({ company: inSentence(companyName, locale) })}
          </Dialog.Description>

          <form
            noValidate
            onSubmit={(e) => void submit(e)}
            aria-busy={pending || undefined}
            className="mt-5 flex flex-col gap-4"
          >
            <Field
              id={`${id}-need`}
              label={m.leads_need_label()}
              required
              error={errors.need}
              hint={
                <span className="flex justify-between gap-3">
                  <span>{m.leads_need_hint({ min: formatCount(NEED_MIN, locale) })}</span>
                  <span
                    className={cn("shrink-0 tabular-nums", counter.tooShort && "text-ink-soft")}
                  >
                    {counter.text}
                  </span>
                </span>
              }
            >
              <textarea
                {...control("need", { hint: true })}
                dir="auto"
                rows={5}
                required
                minLength={NEED_MIN}
                maxLength={NEED_MAX}
                className={textareaClass}
              />
            </Field>

            <div className="grid gap-4 sm:grid-cols-2">
              <Field id={`${id}-quantity`} label={m.leads_quantity_label()} error={errors.quantity}>
                <input
                  {...control("quantity")}
                  dir="auto"
                  type="text"
                  maxLength={100}
                  placeholder={m.leads_quantity_placeholder()}
                  className={controlClass}
                />
              </Field>
              <Field id={`${id}-budgetPkr`} label={m.leads_budget_label()} error={errors.budgetPkr}>
                <RupeesInput
                  {...control("budgetPkr")}
                  onValueChange={(v) => set("budgetPkr", v)}
                  placeholder={formatCount(150_000, locale)}
                />
              </Field>
              <Field id={`${id}-city`} label={m.leads_city_label()} required error={errors.city}>
                <SelectControl {...control("city")} required autoComplete="address-level2">
                  <option value="">{m.leads_city_choose()}</option>
                  {DASHBOARD_CITY_OPTIONS.map((c) => (
                    <option key={c} value={c}>
                      {cityName(c, locale)}
                    </option>
                  ))}
                </SelectControl>
              </Field>
              <Field
                id={`${id}-neededBy`}
                label={m.leads_needed_by_label()}
                error={errors.neededBy}
              >
                <input {...control("neededBy")} type="date" min={today} className={controlClass} />
              </Field>
            </div>

            <div
              role="group"
              aria-labelledby={`${id}-photos-label`}
              className="flex flex-col gap-2"
            >
              <p id={`${id}-photos-label`} className="text-ink text-sm font-semibold">
                {m.leads_photos_label()}
              </p>
              <p id={`${id}-photos-hint`} className="text-ink-muted text-sm">
                {m.leads_photos_hint({ max: formatCount(MAX_LEAD_PHOTOS, locale) })}
              </p>
              {(photos.length > 0 || uploading > 0) && (
                <ul aria-label={m.leads_photos_added()} className="flex flex-wrap gap-2">
                  {photos.map((p, i) => (
                    <li
                      key={p.url}
                      className="rounded-control border-line relative overflow-hidden border"
                    >
                      <img
                        src={p.url}
                        alt={m.leads_photo_added_alt({ name: inSentence(p.name, locale) })}
                        width={120}
                        height={90}
                        className="aspect-[4/3] h-auto w-28 object-cover"
                      />
                      <button
                        type="button"
                        aria-label={m.leads_photo_remove({ number: formatCount(i + 1, locale) })}
                        onClick={() => setPhotos((list) => list.filter((x) => x.url !== p.url))}
                        disabled={pending}
                        className={buttonClass(
                          "outline",
                          "icon",
                          "bg-surface/90 absolute end-0 top-0 rounded-full",
                        )}
                      >
                        <X aria-hidden="true" className="size-4" />
                      </button>
                    </li>
                  ))}
                  {Array.from({ length: uploading }, (_, i) => (
                    <li
                      key={`uploading-${i}`}
                      aria-hidden="true"
                      className="rounded-control border-line bg-subtle flex aspect-[4/3] w-28 items-center justify-center border border-dashed"
                    >
                      <LoaderCircle className="text-primary size-5 animate-spin" />
                    </li>
                  ))}
                </ul>
              )}
              <div>
                <button
                  type="button"
                  ref={photoButton}
                  onClick={() => {
                    if (!full && !pending) picker.current?.click();
                  }}
                  aria-disabled={full || pending || undefined}
                  aria-describedby={photoError ? `${id}-photos-error` : `${id}-photos-hint`}
                  className={buttonClass("outline", "md", "aria-disabled:opacity-60")}
                >
                  {uploading > 0 ? (
                    <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                  ) : (
                    <ImagePlus aria-hidden="true" className="size-4" />
                  )}
                  {uploading > 0 ? m.leads_uploading() : m.leads_add_photos()}
                </button>
                <span role="status" className="sr-only">
                  {uploading > 0 ? m.leads_uploading_photos() : ""}
                </span>
              </div>
              <input
                ref={picker}
                type="file"
                accept="image/*"
                multiple
                hidden
                tabIndex={-1}
                aria-label={m.leads_photos()}
                disabled={full}
                onChange={(e) => void onPick(e)}
              />
              {photoError && (
                <p id={`${id}-photos-error`} className="text-danger text-sm font-medium">
                  {photoError}
                </p>
              )}
            </div>

            <p
              role="alert"
              className={cn("text-danger text-sm font-medium", !failure && "sr-only")}
            >
              {failure}
            </p>

            <div className="mt-1 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonClass("outline", "md")} disabled={pending}>
                {m.leads_cancel()}
              </Dialog.Close>
              <button
                type="submit"
                aria-disabled={blocked || undefined}
                className={buttonClass("primary", "md", "aria-disabled:cursor-progress")}
              >
                {pending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
                {pending
                  ? m.leads_sending_request()
                  : uploading > 0
                    ? m.leads_waiting_for_photos()
                    : m.leads_send_request()}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
