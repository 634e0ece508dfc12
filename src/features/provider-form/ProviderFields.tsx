/**
 * The company fields of the provider forms: the dashboard profile, provider
 * setup, and the admin's Add Provider and Edit details. Each field keeps what
 * every form agrees on (type, keyboard, length limit); what the forms word or
 * fill differently (labels, examples, autofill, layout) is a prop, since that
 * copy differs form by form.
 */
import { Check } from "lucide-react";
import { Checkbox } from "radix-ui";
import type { ReactNode } from "react";
import { controlClass, Field, SelectControl, textareaClass } from "../../components/ui/Field.tsx";
import { DASHBOARD_CITY_OPTIONS } from "../../lib/cities.ts";
import { cn } from "../../lib/cn.ts";
import type { ControlProps } from "./form-fields.ts";

interface Wired {
  /** From `useFormFields(...).field(name)`. */
  control: ControlProps;
  error: string | undefined;
}

interface TextFieldProps extends Wired {
  autoComplete?: string;
  placeholder?: string;
}

export function CompanyNameField({
  control,
  error,
  autoComplete,
  className,
}: Wired & { autoComplete?: string; className?: string }) {
  return (
    <Field id={control.id} label="Company Name" required error={error} className={className}>
      <input
        {...control}
        type="text"
        autoComplete={autoComplete}
        required
        maxLength={200}
        className={controlClass}
      />
    </Field>
  );
}

export function EmailField({
  control,
  error,
  label = "Email",
  hint,
  autoComplete,
  placeholder,
}: TextFieldProps & { label?: string; hint?: ReactNode }) {
  return (
    <Field id={control.id} label={label} error={error} hint={hint}>
      <input
        {...control}
        type="email"
        inputMode="email"
        autoComplete={autoComplete}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
        placeholder={placeholder}
        className={controlClass}
      />
    </Field>
  );
}

export function PhoneField({ control, error, autoComplete, placeholder }: TextFieldProps) {
  return (
    <Field id={control.id} label="Phone" error={error}>
      <input
        {...control}
        type="tel"
        inputMode="tel"
        autoComplete={autoComplete}
        maxLength={40}
        placeholder={placeholder}
        className={controlClass}
      />
    </Field>
  );
}

/**
 * Whether the phone takes WhatsApp (decision 020): signed-in customers then
 * see 'Chat on WhatsApp' beside a mobile number.
 */
export function WhatsAppField({
  id,
  checked,
  onCheckedChange,
  className,
}: {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <div className={cn("flex min-h-11 items-start gap-3", className)}>
      <Checkbox.Root
        id={id}
        name="phoneOnWhatsapp"
        checked={checked}
        onCheckedChange={(v) => onCheckedChange(v === true)}
        aria-describedby={`${id}-hint`}
        className="border-line-strong data-[state=checked]:bg-primary data-[state=checked]:border-primary focus-visible:outline-primary-ring bg-surface mt-0.5 flex size-5 shrink-0 items-center justify-center rounded border text-white focus-visible:outline-3 focus-visible:outline-offset-2"
      >
        <Checkbox.Indicator>
          <Check aria-hidden="true" className="size-4" />
        </Checkbox.Indicator>
      </Checkbox.Root>
      <div className="min-w-0">
        <label htmlFor={id} className="text-ink cursor-pointer text-sm font-semibold">
          This number is on WhatsApp
        </label>
        <p id={`${id}-hint`} className="text-ink-muted text-sm">
          Signed-in customers can then chat with you from your page (mobile numbers only).
        </p>
      </div>
    </div>
  );
}

export function CityField({
  control,
  error,
  required,
  emptyOption = "Select a city",
}: Wired & { required?: boolean; emptyOption?: string }) {
  return (
    <Field id={control.id} label="City" required={required} error={error}>
      <SelectControl {...control} required={required}>
        <option value="">{emptyOption}</option>
        {/* A stored city outside the list stays selectable, so saving never drops it. */}
        {control.value && !DASHBOARD_CITY_OPTIONS.includes(control.value) && (
          <option value={control.value}>{control.value}</option>
        )}
        {DASHBOARD_CITY_OPTIONS.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectControl>
    </Field>
  );
}

export function AddressField({
  control,
  error,
  label = "Address (optional)",
  autoComplete,
  placeholder,
}: TextFieldProps & { label?: string }) {
  return (
    <Field id={control.id} label={label} error={error}>
      <input
        {...control}
        type="text"
        autoComplete={autoComplete}
        maxLength={240}
        placeholder={placeholder}
        className={controlClass}
      />
    </Field>
  );
}

export function WebsiteField({
  control,
  error,
  type = "text",
  autoComplete,
  placeholder,
}: TextFieldProps & { type?: "text" | "url" }) {
  return (
    <Field id={control.id} label="Website" error={error}>
      <input
        {...control}
        type={type}
        inputMode="url"
        autoComplete={autoComplete}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={300}
        placeholder={placeholder}
        className={controlClass}
      />
    </Field>
  );
}

export function DescriptionField({
  control,
  error,
  label = "Description",
  rows = 4,
  placeholder,
  className,
}: Wired & { label?: string; rows?: number; placeholder?: string; className?: string }) {
  return (
    <Field id={control.id} label={label} error={error} className={className}>
      <textarea
        {...control}
        rows={rows}
        maxLength={5000}
        placeholder={placeholder}
        className={textareaClass}
      />
    </Field>
  );
}
