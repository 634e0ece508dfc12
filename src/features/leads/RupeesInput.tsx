import type { ComponentPropsWithRef } from "react";
import { controlClass } from "../../components/ui/Field.tsx";
import { m } from "../../i18n/index.ts";
import { cn } from "../../lib/cn.ts";
import { reformatRupees } from "./form.ts";

type Props = Omit<ComponentPropsWithRef<"input">, "value" | "onChange" | "type"> & {
  value: string;
  onValueChange: (value: string) => void;
};

/**
 * A rupee amount that groups its digits as they are typed ('150,000'), with
 * 'PKR' ('Rs' in Urdu, as formatRupees writes amounts) in front. A text input
 * with the numeric keyboard: a number input would refuse the commas.
 */
export function RupeesInput({ value, onValueChange, className, ...props }: Props) {
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="text-ink-muted pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-sm font-semibold"
      >
        {m.leads_rupees_prefix()}
      </span>
      <input
        {...props}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={17}
        value={value}
        onChange={(e) => {
          const el = e.currentTarget;
          const next = reformatRupees(el.value, el.selectionStart ?? el.value.length);
          onValueChange(next.value);
          // After React has written the new value, put the caret back among the same digits.
          requestAnimationFrame(() => {
            if (document.activeElement === el) el.setSelectionRange(next.caret, next.caret);
          });
        }}
        className={cn(controlClass, "ps-12 tabular-nums", className)}
      />
    </div>
  );
}
