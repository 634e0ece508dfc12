import { useStore } from "@nanostores/react";
import { ImageOff, ImagePlus, LoaderCircle, Trash2 } from "lucide-react";
import { useRef, type ChangeEvent } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import { ResponsiveImage } from "../../components/ui/ResponsiveImage.tsx";
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

  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(e.currentTarget.files ?? [])];
    e.currentTarget.value = "";
    if (picked.length === 0 || uploading) return;
    const images = picked.filter(isImageFile);
    const rejected = picked.length - images.length;
    if (rejected > 0) {
      toast({
        title: "Only images can be uploaded",
        description:
          rejected === 1
            ? "1 file was not an image and was left out."
            : `${rejected} files were not images and were left out.`,
        variant: "destructive",
      });
    }
    if (images.length === 0) return;
    const added = await uploadGalleryFiles(images);
    if (added > 0 && rejected === 0) {
      toast({
        title: "Gallery updated",
        description:
          added === images.length
            ? `${added} ${added === 1 ? "image" : "images"} added.`
            : `${added} of ${images.length} images added; the others could not be uploaded.`,
      });
    } else if (added === 0 && images.length > 0) {
      toast({
        title: "No images were added",
        description: "The images could not be uploaded. Please try again.",
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
            Gallery
          </h2>
          <p className="text-ink-muted mt-1 max-w-prose text-sm">
            Photos of your workshop, machines and finished work. You can pick several at once; each
            is cropped to 4:3 and resized to at most 1200×900.
          </p>
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
          {uploading ? "Uploading…" : "Upload Images"}
        </button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          multiple
          hidden
          tabIndex={-1}
          aria-label="Gallery images"
          onChange={(e) => void onPick(e)}
        />
      </div>

      <p role="status" className="text-ink-soft mt-3 min-h-5 text-sm">
        {uploading
          ? `Uploading image ${Math.min(uploading.done + 1, uploading.total)} of ${uploading.total}…`
          : ""}
      </p>

      {gallery.status === "loading" ? (
        <p className="text-ink-muted mt-2 flex items-center gap-2" role="status">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          Loading gallery...
        </p>
      ) : gallery.status === "error" ? (
        <div className="mt-2">
          <ErrorBox
            title="We couldn't load your gallery."
            message={gallery.message}
            onRetry={() => void loadGallery()}
          />
        </div>
      ) : count === 0 && pending === 0 ? (
        <div className="rounded-control border-line-strong text-ink-muted mt-2 flex flex-col items-center gap-2 border border-dashed px-4 py-10 text-center">
          <ImageOff aria-hidden="true" className="size-8" />
          <p>No images uploaded yet.</p>
        </div>
      ) : (
        <ul aria-label="Gallery images" className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {gallery.images.map((img, i) => {
            const deleting = gallery.deleting.has(img.id);
            const name = `photo ${i + 1} of ${count}`;
            return (
              <li
                key={img.id}
                className="rounded-control border-line bg-subtle flex flex-col overflow-hidden border"
              >
                <ResponsiveImage
                  src={img.imageUrl}
                  sizes="(min-width: 640px) 240px, 50vw"
                  alt={`${companyName}, ${name}`}
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
                        aria-label={`Delete ${name}`}
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
                        Delete
                      </button>
                    }
                    title="Delete this photo?"
                    description="It will be removed from your gallery and your public page."
                    confirmLabel="Delete photo"
                    busyLabel="Deleting…"
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
