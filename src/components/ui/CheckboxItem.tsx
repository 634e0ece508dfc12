import { Check } from "lucide-react";
import { Checkbox } from "radix-ui";

/**
 * One row of a checkbox list (the category pickers): a Radix checkbox with its
 * label, the whole row at least 44 px tall so a thumb can hit it.
 */
export function CheckboxItem({
  id,
  label,
  checked,
  onCheckedChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <li className="flex min-h-11 items-center gap-3 px-1">
      <Checkbox.Root
        id={id}
        checked={checked}
        onCheckedChange={(v) => onCheckedChange(v === true)}
        className="border-line-strong data-[state=checked]:bg-primary data-[state=checked]:border-primary focus-visible:outline-primary-ring bg-surface flex size-5 shrink-0 items-center justify-center rounded border text-white focus-visible:outline-3 focus-visible:outline-offset-2"
      >
        <Checkbox.Indicator>
          <Check aria-hidden="true" className="size-4" />
        </Checkbox.Indicator>
      </Checkbox.Root>
      <label htmlFor={id} className="text-ink grow cursor-pointer py-2">
        {label}
      </label>
    </li>
  );
}
