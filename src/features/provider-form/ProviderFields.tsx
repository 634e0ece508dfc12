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
import { cityName, currentLocale, m } from "../../i18n/index.ts";
import { DASHBOARD_CITY_OPTIONS } from "../../lib/cities.ts";
import { COMPANY_NAME_MAX, DESCRIPTION_MAX } from "../../lib/provider-schemas.ts";
import { cn } from "../../lib/cn.ts";
import type { ControlProps } from "./form-fields.ts";

/**
 * What people type here is mostly English (names, addresses, web addresses,
 * phone numbers), also on an Urdu page: each line then reads in its own
 * direction, and an Urdu placeholder still sits on the right. (`dir="auto"`
 * would turn an empty field, placeholder and all, left to right.)
 */
export const typedTextClass = cn(controlClass, "[unicode-bidi:plaintext]");
export const typedTextareaClass = cn(textareaClass, "[unicode-bidi:plaintext]");

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
    <Field
      id={control.id}
      label={m.dashboard_company_name()}
      required
      error={error}
      className={className}
    >
      <input
        {...control}
        type="text"
        autoComplete={autoComplete}
        required
        maxLength={COMPANY_NAME_MAX}
        className={typedTextClass}
      />
    </Field>
  );
}

/**
 * The optional Urdu company name, shown on Urdu pages instead of the English
 * one. Typed right to left whatever the page's language. `control` must come
 * from `field("companyNameUr", { hint: true })`.
 */
export function CompanyNameUrField({ control, error, className }: Wired & { className?: string }) {
  return (
    <Field
      id={control.id}
      label={m.dashboard_company_name_ur()}
      error={error}
      hint={m.dashboard_company_name_ur_hint()}
      className={className}
    >
      <input
        {...control}
        type="text"
        dir="rtl"
        lang="ur"
        autoComplete="off"
        maxLength={COMPANY_NAME_MAX}
        className={controlClass}
      />
    </Field>
  );
}

export function EmailField({
  control,
  error,
  label = m.dashboard_email(),
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
        className={typedTextClass}
      />
    </Field>
  );
}

export function PhoneField({ control, error, autoComplete, placeholder }: TextFieldProps) {
  return (
    <Field id={control.id} label={m.dashboard_phone()} error={error}>
      <input
        {...control}
        type="tel"
        inputMode="tel"
        autoComplete={autoComplete}
        maxLength={40}
        placeholder={placeholder}
        className={typedTextClass}
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
          {m.dashboard_whatsapp_label()}
        </label>
        <p id={`${id}-hint`} className="text-ink-muted text-sm">
          {m.dashboard_whatsapp_hint()}
        </p>
      </div>
    </div>
  );
}

export function CityField({
  control,
  error,
  required,
  emptyOption = m.dashboard_select_city(),
}: Wired & { required?: boolean; emptyOption?: string }) {
  // The stored value stays the English name; only what the reader sees is translated.
  const locale = currentLocale();
  return (
    <Field id={control.id} label={m.dashboard_city()} required={required} error={error}>
      <SelectControl {...control} required={required}>
        <option value="">{emptyOption}</option>
        {/* A stored city outside the list stays selectable, so saving never drops it. */}
        {control.value && !DASHBOARD_CITY_OPTIONS.includes(control.value) && (
          <option value={control.value}>{control.value}</option>
        )}
        {DASHBOARD_CITY_OPTIONS.map((c) => (
          <option key={c} value={c}>
            {cityName(c, locale)}
          </option>
        ))}
      </SelectControl>
    </Field>
  );
}

export function AddressField({
  control,
  error,
  label = m.dashboard_address_optional(),
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
        className={typedTextClass}
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
    <Field id={control.id} label={m.dashboard_website()} error={error}>
      <input
        {...control}
        type={type}
        inputMode="url"
        autoComplete={autoComplete}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={300}
        placeholder={placeholder}
        className={typedTextClass}
      />
    </Field>
  );
}

export function DescriptionField({
  control,
  error,
  label = m.dashboard_description(),
  rows = 4,
  placeholder,
  className,
}: Wired & { label?: string; rows?: number; placeholder?: string; className?: string }) {
  return (
    <Field id={control.id} label={label} error={error} className={className}>
      <textarea
        {...control}
        rows={rows}
        maxLength={DESCRIPTION_MAX}
        placeholder={placeholder}
        className={typedTextareaClass}
      />
    </Field>
  );
}

/**
 * The optional Urdu description, shown on Urdu pages instead of the English
 * one; the same length limit. `control` must come from
 * `field("descriptionUr", { hint: true })`.
 */
export function DescriptionUrField({
  control,
  error,
  rows = 4,
  className,
}: Wired & { rows?: number; className?: string }) {
  return (
    <Field
      id={control.id}
      label={m.dashboard_description_ur()}
      error={error}
      hint={m.dashboard_description_ur_hint()}
      className={className}
    >
      <textarea
        {...control}
        dir="rtl"
        lang="ur"
        rows={rows}
        maxLength={DESCRIPTION_MAX}
        className={textareaClass}
      />
    </Field>
  );
}
