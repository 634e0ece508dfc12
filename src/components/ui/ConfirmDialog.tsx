import { LoaderCircle, Trash2 } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useState, type ComponentPropsWithRef, type ReactElement, type ReactNode } from "react";
import { m } from "../../i18n/index.ts";
import { buttonClass } from "./button.ts";

/**
 * "Are you sure?" before something that cannot be undone, on Radix
 * AlertDialog: focus starts on Cancel, Escape cancels, the page behind is
 * inert. The confirm button shows progress and the dialog stays open until
 * `onConfirm` settles; it closes only when that resolves to true.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  busyLabel,
  onConfirm,
}: {
  trigger: ReactElement;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  onConfirm: () => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    const ok = await onConfirm();
    setBusy(false);
    if (ok) setOpen(false);
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={(o) => !busy && setOpen(o)}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="bg-ink/40 fixed inset-0 z-40" />
        <AlertDialog.Content className="rounded-card bg-surface shadow-raised fixed inset-x-4 top-1/2 z-50 mx-auto max-w-md -translate-y-1/2 p-6">
          <AlertDialog.Title className="text-ink text-lg font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-ink-soft mt-2 break-words">
            {description}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass("outline", "md")} disabled={busy}>
              {m.common_cancel()}
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that closes at once, before the server has answered. */}
            <button
              type="button"
              onClick={() => void confirm()}
              aria-disabled={busy || undefined}
              className={buttonClass("danger", "md", "aria-disabled:cursor-progress")}
            >
              {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
              {busy ? busyLabel : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * The row-level "Delete" button that opens a ConfirmDialog (pass it as
 * `trigger`). Radix hands it the trigger's props and ref, which it forwards.
 */
export function DeleteButton({
  name,
  ...props
}: { name: string } & Omit<ComponentPropsWithRef<"button">, "children">) {
  return (
    <button
      type="button"
      aria-label={m.common_delete_named({ name })}
      {...props}
      className={buttonClass("outline", "sm", "text-danger hover:bg-danger-soft")}
    >
      <Trash2 aria-hidden="true" className="size-4" />
      {m.common_delete()}
    </button>
  );
}
