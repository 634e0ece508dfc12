import { CircleAlert } from "lucide-react";

/**
 * Why a form was refused, beside it: what the islands say in a toast, for a
 * form the server rendered again after its POST (decision 027).
 */
export function FormAlert({ title, message }: { title: string; message: string }) {
  return (
    <div
      role="alert"
      className="rounded-card border-danger-border bg-danger-soft mt-4 flex gap-3 border p-4"
    >
      <CircleAlert aria-hidden="true" className="text-danger mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 text-sm">
        <p className="text-ink font-semibold">{title}</p>
        <p className="text-ink-soft mt-0.5 break-words">{message}</p>
      </div>
    </div>
  );
}
