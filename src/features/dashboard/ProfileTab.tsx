import { LoaderCircle } from "lucide-react";
import { useId, useState, type SubmitEvent } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { controlClass, Field } from "../../components/ui/Field.tsx";
import { useFormFields } from "../provider-form/form-fields.ts";
import {
  AddressField,
  CityField,
  CompanyNameField,
  DescriptionField,
  EmailField,
  PhoneField,
  WebsiteField,
  WhatsAppField,
} from "../provider-form/ProviderFields.tsx";
import { ImageField } from "./ImageField.tsx";
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
  const label = saving ? "Saving..." : provider ? "Update Profile" : "Create Profile";

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
        Company Profile
      </h2>
      <p className="text-ink-muted mt-1 text-sm">
        Fields marked <span className="text-danger">*</span> are required.
      </p>

      <div className="mt-5 grid gap-5 sm:grid-cols-2">
        <CompanyNameField
          {...field("companyName")}
          autoComplete="organization"
          className="sm:col-span-2"
        />

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
          placeholder="e.g. Plot 12, Small Industrial Estate"
        />

        <WebsiteField {...field("website")} autoComplete="url" placeholder="www.example.pk" />
        <Field id={`${id}-responseTime`} label="Response Time" error={errors.responseTime}>
          <input
            {...control("responseTime")}
            type="text"
            maxLength={60}
            placeholder="e.g. 2-4 hours"
            className={controlClass}
          />
        </Field>

        <DescriptionField
          {...field("description")}
          rows={5}
          placeholder="What you make, the machines you run, minimum orders, who you work for…"
          className="sm:col-span-2"
        />

        <ImageField
          kind="cover"
          label="Cover Image"
          hint="Shown at the top of your cards. Cropped to 4:3 from the centre (800×600)."
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
          label="Logo (Square)"
          hint="Cropped to a square from the centre (400×400)."
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
            Waiting for the image upload to finish…
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
