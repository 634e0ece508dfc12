import { LoaderCircle } from "lucide-react";
import { useId, useState, type SubmitEvent } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { Field } from "../../components/ui/Field.tsx";
import { m } from "../../i18n/index.ts";
import { useFormFields } from "../provider-form/form-fields.ts";
import {
  AddressField,
  CityField,
  CompanyNameField,
  CompanyNameUrField,
  DescriptionField,
  DescriptionUrField,
  EmailField,
  PhoneField,
  typedTextClass,
  WebsiteField,
  WhatsAppField,
} from "../provider-form/ProviderFields.tsx";
import { ImageField } from "./ImageField.tsx";
import { fillSlots } from "../../i18n/slots.tsx";
import { checkProfile, PROFILE_FIELDS, profileValuesFrom } from "./profile-form.ts";
import { saveProfile, type MyProvider } from "./store.ts";

/**
 * The Company Profile tab: creates the
 * profile (POST) when there is none, else updates it (PUT). The parent keys
 * it by provider id, so a created profile starts a fresh form.
 */
export function ProfileTab({ provider, userId }: { provider: MyProvider | null; userId: string }) {
  const id = useId();
  const { values, setValues, errors, setErrors, set, register, focus, control, field } =
    useFormFields(id, () => profileValuesFrom(provider));
  const [saving, setSaving] = useState(false);
  const [uploads, setUploads] = useState(0);

  const onSubmit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    // Never twice at once, and never with an image still on its way.
    if (saving || uploads > 0) return;
    const check = checkProfile(values);
    if (!check.ok) {
      setErrors(check.errors);
      focus(check.first);
      return;
    }
    setSaving(true);
    const result = await saveProfile(check.payload);
    setSaving(false);
    if (result.ok) {
      // Show what the server stored (it normalises phone numbers and web addresses).
      setValues(profileValuesFrom(result.provider));
      return;
    }
    const first = PROFILE_FIELDS.find((f) => result.errors[f]);
    if (first) {
      setErrors(result.errors);
      focus(first);
    }
  };

  const blocked = saving || uploads > 0;
  const label = saving
    ? m.dashboard_profile_saving()
    : provider
      ? m.dashboard_update_profile()
      : m.dashboard_create_profile();

  return (
    <form
      method="post"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-labelledby={`${id}-title`}
      aria-busy={saving || undefined}
      className="rounded-card border-line bg-surface shadow-card border p-5 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-ink text-lg font-semibold">
        {m.dashboard_tab_profile()}
      </h2>
      <p className="text-ink-muted mt-1 text-sm">
        {fillSlots(m.dashboard_required_note({ star: "{star}" }), {
          star: <span className="text-danger">*</span>,
        })}
      </p>

      <div className="mt-5 grid gap-5 sm:grid-cols-2">
        <CompanyNameField
          {...field("companyName")}
          autoComplete="organization"
          className="sm:col-span-2"
        />
        <CompanyNameUrField {...field("companyNameUr", { hint: true })} className="sm:col-span-2" />

        <EmailField {...field("email")} autoComplete="email" placeholder="sales@example.pk" />
        <PhoneField {...field("phone")} autoComplete="tel" placeholder="0300 1234567" />
        <WhatsAppField
          id={`${id}-phoneOnWhatsapp`}
          checked={values.phoneOnWhatsapp}
          onCheckedChange={(on) => setValues((v) => ({ ...v, phoneOnWhatsapp: on }))}
          className="sm:col-span-2"
        />

        <CityField {...field("city")} required />
        <AddressField
          {...field("address")}
          autoComplete="street-address"
          placeholder={m.dashboard_address_placeholder()}
        />

        <WebsiteField {...field("website")} autoComplete="url" placeholder="www.example.pk" />
        <Field
          id={`${id}-responseTime`}
          label={m.dashboard_response_time()}
          error={errors.responseTime}
        >
          <input
            {...control("responseTime")}
            type="text"
            maxLength={60}
            placeholder={m.dashboard_response_time_placeholder()}
            className={typedTextClass}
          />
        </Field>

        <DescriptionField
          {...field("description")}
          rows={5}
          placeholder={m.dashboard_description_placeholder()}
          className="sm:col-span-2"
        />
        <DescriptionUrField
          {...field("descriptionUr", { hint: true })}
          rows={5}
          className="sm:col-span-2"
        />

        <ImageField
          kind="cover"
          label={m.dashboard_cover_label()}
          hint={m.dashboard_cover_hint()}
          required
          value={values.coverImageUrl}
          error={errors.coverImageUrl}
          userId={userId}
          onChange={(url) => set("coverImageUrl", url)}
          onBusyChange={(b) => setUploads((n) => n + (b ? 1 : -1))}
          buttonRef={register("coverImageUrl")}
        />
        <ImageField
          kind="logo"
          label={m.dashboard_logo_label()}
          hint={m.dashboard_logo_hint()}
          required
          value={values.logoUrl}
          error={errors.logoUrl}
          userId={userId}
          onChange={(url) => set("logoUrl", url)}
          onBusyChange={(b) => setUploads((n) => n + (b ? 1 : -1))}
          buttonRef={register("logoUrl")}
        />
      </div>

      <div className="border-line mt-6 flex flex-col gap-3 border-t pt-5 sm:flex-row sm:items-center sm:justify-end">
        {uploads > 0 && !saving && (
          <p className="text-ink-muted text-sm sm:me-auto" role="status">
            {m.dashboard_waiting_upload()}
          </p>
        )}
        <button
          type="submit"
          aria-disabled={blocked || undefined}
          className={buttonClass(
            "primary",
            "lg",
            "aria-disabled:cursor-progress aria-disabled:opacity-80 sm:min-w-44",
          )}
        >
          {saving && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
          {label}
        </button>
      </div>
    </form>
  );
}
