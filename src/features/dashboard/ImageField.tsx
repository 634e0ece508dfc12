import { ImageUp, LoaderCircle } from "lucide-react";
import { useId, useRef, useState, type ChangeEvent, type Ref } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { FieldError } from "../../components/ui/Field.tsx";
import { ResponsiveImage } from "../../components/ui/ResponsiveImage.tsx";
import { m } from "../../i18n/index.ts";
import { errorText } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { coverKey, logoKey } from "../../lib/upload-keys.ts";
import { toast } from "../toast/store.ts";
import { isImageFile, prepareImage, uploadJpeg } from "./images.ts";
import { handleUnauthorized, isUnauthorized } from "./unauthorized.ts";

interface Props {
  kind: "cover" | "logo";
  label: string;
  hint: string;
  /** The uploaded image's URL, "" when there is none yet. */
  value: string;
  error: string | undefined;
  required?: boolean;
  userId: string;
  onChange: (url: string) => void;
  /** Tells the form an upload is running (the form waits for it before saving). */
  onBusyChange: (busy: boolean) => void;
  /** The upload button, so the form can focus it when the image is missing. */
  buttonRef?: Ref<HTMLButtonElement>;
}

/**
 * The field's sentences per kind: Urdu words them differently for a cover
 * (تصویر, feminine) and a logo (masculine), so no noun is slotted into one sentence.
 */
function wordsFor(kind: Props["kind"]) {
  return kind === "cover"
    ? {
        failed: m.dashboard_cover_upload_failed(),
        alt: m.dashboard_cover_alt(),
        none: m.dashboard_cover_none(),
        change: m.dashboard_cover_change(),
        upload: m.dashboard_cover_upload(),
        uploading: m.dashboard_cover_uploading(),
      }
    : {
        failed: m.dashboard_logo_upload_failed(),
        alt: m.dashboard_logo_alt(),
        none: m.dashboard_logo_none(),
        change: m.dashboard_logo_change(),
        upload: m.dashboard_logo_upload(),
        uploading: m.dashboard_logo_uploading(),
      };
}

/**
 * Cover or logo upload: pick an image, it is cropped and
 * resized in the browser (cover 800x600, logo 400x400, JPEG 0.9), uploaded at
 * once, and previewed. Only image files are accepted.
 */
export function ImageField({
  kind,
  label,
  hint,
  value,
  error,
  required,
  userId,
  onChange,
  onBusyChange,
  buttonRef,
}: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const words = wordsFor(kind);

  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    // Clear it, so picking the same file again still counts as a change.
    e.currentTarget.value = "";
    if (!file || busy) return;
    if (!isImageFile(file)) {
      toast({
        title: m.dashboard_not_image_title(),
        description: m.dashboard_not_image_text({ name: file.name }),
        variant: "destructive",
      });
      return;
    }
    setBusy(true);
    onBusyChange(true);
    try {
      const jpeg = await prepareImage(file, kind);
      const key = kind === "cover" ? coverKey(userId, Date.now()) : logoKey(userId, Date.now());
      onChange(await uploadJpeg(key, jpeg));
    } catch (err) {
      if (isUnauthorized(err)) handleUnauthorized();
      else {
        toast({
          title: words.failed,
          description: errorText(err) ?? m.dashboard_try_another_image(),
          variant: "destructive",
        });
      }
    } finally {
      setBusy(false);
      onBusyChange(false);
    }
  };

  const square = kind === "logo";
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="flex flex-col gap-2">
      <p id={`${id}-label`} className="text-ink text-sm font-semibold">
        {label}
        {required && (
          <span aria-hidden="true" className="text-danger">
            {" "}
            *
          </span>
        )}
      </p>
      <div
        className={cn(
          "rounded-control border-line-strong bg-subtle relative overflow-hidden border",
          square ? "aspect-square w-32 sm:w-36" : "aspect-[4/3] w-full max-w-64",
          error && "border-danger",
          !value && "border-dashed",
        )}
      >
        {value ? (
          <ResponsiveImage
            src={value}
            sizes={square ? "144px" : "256px"}
            alt={words.alt}
            width={square ? 400 : 800}
            height={square ? 400 : 600}
            data-fallback=""
            className="size-full object-cover"
          />
        ) : (
          <div className="text-ink-muted flex size-full flex-col items-center justify-center gap-1 p-2 text-center text-xs">
            <ImageUp aria-hidden="true" className="size-6" />
            {words.none}
          </div>
        )}
        {busy && (
          <div className="bg-surface/80 absolute inset-0 flex items-center justify-center">
            <LoaderCircle aria-hidden="true" className="text-primary size-7 animate-spin" />
          </div>
        )}
      </div>
      <p id={`${id}-hint`} className="text-ink-muted text-sm">
        {hint}
      </p>
      <div>
        <button
          ref={buttonRef}
          type="button"
          onClick={() => input.current?.click()}
          aria-disabled={busy || undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className={buttonClass("outline", "md", "aria-disabled:cursor-progress")}
        >
          {busy ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <ImageUp aria-hidden="true" className="size-4" />
          )}
          {busy ? m.dashboard_uploading() : value ? words.change : words.upload}
        </button>
        <span role="status" className="sr-only">
          {busy ? words.uploading : ""}
        </span>
      </div>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        tabIndex={-1}
        aria-label={label}
        onChange={(e) => void onPick(e)}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}
