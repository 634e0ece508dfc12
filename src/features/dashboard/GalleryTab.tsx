import { useStore } from "@nanostores/react";
import { ImageOff, ImagePlus, LoaderCircle, Trash2 } from "lucide-react";
import { useRef, type ChangeEvent } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import { ResponsiveImage } from "../../components/ui/ResponsiveImage.tsx";
import { currentLocale, formatCount, m } from "../../i18n/index.ts";
import { toast } from "../toast/store.ts";
import { isImageFile } from "./images.ts";
import { $gallery, deleteGalleryImage, loadGallery, uploadGalleryFiles } from "./store.ts";

/**
 * The Gallery tab: pick several images at once; each is
 * resized, uploaded and added in turn, a failed one is logged and skipped,
 * and the gallery is refreshed afterwards. Every image has a Delete button.
 */
export function GalleryTab({ companyName }: { companyName: string }) {
  const gallery = useStore($gallery);
  const input = useRef<HTMLInputElement>(null);
  const uploading = gallery.uploading;
  const locale = currentLocale();
  const n = (count: number) => formatCount(count, locale);

  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(e.currentTarget.files ?? [])];
    e.currentTarget.value = "";
    if (picked.length === 0 || uploading) return;
    const images = picked.filter(isImageFile);
    const rejected = picked.length - images.length;
    if (rejected > 0) {
      toast({
        title: m.dashboard_only_images_title(),
        description:
          rejected === 1
            ? m.dashboard_rejected_one()
            : m.dashboard_rejected_other({ count: n(rejected) }),
        variant: "destructive",
      });
    }
    if (images.length === 0) return;
    const added = await uploadGalleryFiles(images);
    if (added > 0 && rejected === 0) {
      toast({
        title: m.dashboard_gallery_updated(),
        description:
          added === images.length
            ? added === 1
              ? m.dashboard_images_added_one({ count: n(added) })
              : m.dashboard_images_added_other({ count: n(added) })
            : m.dashboard_images_partly_added({ added: n(added), total: n(images.length) }),
      });
    } else if (added === 0 && images.length > 0) {
      toast({
        title: m.dashboard_no_images_added_title(),
        description: m.dashboard_no_images_added_text(),
        variant: "destructive",
      });
    }
  };

  const count = gallery.images.length;
  // Placeholders for the files still on their way, so the grid grows where they will land.
  const pending = uploading ? uploading.total - uploading.done : 0;

  return (
    <section
      aria-labelledby="gallery-tab-heading"
      className="rounded-card border-line bg-surface shadow-card border p-5 sm:p-6"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="gallery-tab-heading" className="text-ink text-lg font-semibold">
            {m.dashboard_tab_gallery()}
          </h2>
          <p className="text-ink-muted mt-1 max-w-prose text-sm">{m.dashboard_gallery_intro()}</p>
        </div>
        <button
          type="button"
          onClick={() => input.current?.click()}
          aria-disabled={uploading ? true : undefined}
          className={buttonClass("primary", "md", "shrink-0 aria-disabled:cursor-progress")}
        >
          {uploading ? (
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          ) : (
            <ImagePlus aria-hidden="true" className="size-5" />
          )}
          {uploading ? m.dashboard_uploading() : m.dashboard_upload_images()}
        </button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          multiple
          hidden
          tabIndex={-1}
          aria-label={m.dashboard_gallery_images()}
          onChange={(e) => void onPick(e)}
        />
      </div>

      <p role="status" className="text-ink-soft mt-3 min-h-5 text-sm">
        {uploading
          ? m.dashboard_uploading_image({
              current: n(Math.min(uploading.done + 1, uploading.total)),
              total: n(uploading.total),
            })
          : ""}
      </p>

      {gallery.status === "loading" ? (
        <p className="text-ink-muted mt-2 flex items-center gap-2" role="status">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          {m.dashboard_loading_gallery()}
        </p>
      ) : gallery.status === "error" ? (
        <div className="mt-2">
          <ErrorBox
            title={m.dashboard_gallery_load_failed()}
            message={gallery.message}
            onRetry={() => void loadGallery()}
          />
        </div>
      ) : count === 0 && pending === 0 ? (
        <div className="rounded-control border-line-strong text-ink-muted mt-2 flex flex-col items-center gap-2 border border-dashed px-4 py-10 text-center">
          <ImageOff aria-hidden="true" className="size-8" />
          <p>{m.dashboard_no_images()}</p>
        </div>
      ) : (
        <ul
          aria-label={m.dashboard_gallery_images()}
          className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3"
        >
          {gallery.images.map((img, i) => {
            const deleting = gallery.deleting.has(img.id);
            const place = { n: n(i + 1), count: n(count) };
            return (
              <li
                key={img.id}
                className="rounded-control border-line bg-subtle flex flex-col overflow-hidden border"
              >
                <ResponsiveImage
                  src={img.imageUrl}
                  sizes="(min-width: 640px) 240px, 50vw"
                  alt={m.dashboard_photo_alt({ company: companyName, ...place })}
                  width={400}
                  height={300}
                  loading="lazy"
                  decoding="async"
                  data-fallback=""
                  className="aspect-[4/3] h-auto w-full object-cover"
                />
                <div className="bg-surface border-line border-t p-1.5">
                  <ConfirmDialog
                    trigger={
                      <button
                        type="button"
                        aria-label={m.dashboard_delete_photo_named(place)}
                        aria-disabled={deleting || undefined}
                        className={buttonClass(
                          "ghost",
                          "sm",
                          "text-danger hover:bg-danger-soft hover:text-danger w-full",
                        )}
                      >
                        {deleting ? (
                          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                        ) : (
                          <Trash2 aria-hidden="true" className="size-4" />
                        )}
                        {m.dashboard_delete()}
                      </button>
                    }
                    title={m.dashboard_delete_photo_title()}
                    description={m.dashboard_delete_photo_text()}
                    confirmLabel={m.dashboard_delete_photo()}
                    busyLabel={m.dashboard_deleting()}
                    onConfirm={() => deleteGalleryImage(img.id)}
                  />
                </div>
              </li>
            );
          })}
          {Array.from({ length: pending }, (_, i) => (
            <li
              key={`pending-${i}`}
              aria-hidden="true"
              className="rounded-control border-line bg-subtle flex aspect-[4/3] items-center justify-center border border-dashed"
            >
              {i === 0 && <LoaderCircle className="text-primary size-6 animate-spin" />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
