import { LoaderCircle } from "lucide-react";
import { useId, useRef, useState, type SubmitEvent } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import {
  controlClass,
  describedBy,
  Field,
  SelectControl,
  textareaClass,
} from "../../components/ui/Field.tsx";
import { DASHBOARD_CITY_OPTIONS } from "../../lib/cities.ts";
import { ImageField } from "./ImageField.tsx";
import {
  checkProfile,
  PROFILE_FIELDS,
  profileValuesFrom,
  type ProfileErrors,
  type ProfileField,
  type ProfileValues,
} from "./profile-form.ts";
import { saveProfile, type MyProvider } from "./store.ts";

type Focusable = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement;

/**
 * The Company Profile tab (spec §2, §5 "Dashboard profile"): creates the
 * profile (POST) when there is none, else updates it (PUT). The parent keys
 * it by provider id, so a created profile starts a fresh form.
 */
export function ProfileTab({ provider, userId }: { provider: MyProvider | null; userId: string }) {
  const id = useId();
  const [values, setValues] = useState<ProfileValues>(() => profileValuesFrom(provider));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [saving, setSaving] = useState(false);
  const [uploads, setUploads] = useState(0);
  const fields = useRef<Partial<Record<ProfileField, Focusable | null>>>({});

  const set = (field: ProfileField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    // Never twice at once, and never with an image still on its way.
    if (saving || uploads > 0) return;
    const check = checkProfile(values);
    if (!check.ok) {
      setErrors(check.errors);
      fields.current[check.first]?.focus();
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
      fields.current[first]?.focus();
    }
  };

  const props = (field: ProfileField) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    onChange: (e: { currentTarget: { value: string } }) => set(field, e.currentTarget.value),
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": describedBy(`${id}-${field}`, errors[field]),
    ref: (el: Focusable | null) => {
      fields.current[field] = el;
    },
  });

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
        <Field
          id={`${id}-companyName`}
          label="Company Name"
          required
          error={errors.companyName}
          className="sm:col-span-2"
        >
          <input
            {...props("companyName")}
            type="text"
            autoComplete="organization"
            required
            maxLength={200}
            className={controlClass}
          />
        </Field>

        <Field id={`${id}-email`} label="Email" error={errors.email}>
          <input
            {...props("email")}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={254}
            placeholder="sales@example.pk"
            className={controlClass}
          />
        </Field>
        <Field id={`${id}-phone`} label="Phone" error={errors.phone}>
          <input
            {...props("phone")}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={40}
            placeholder="0300 1234567"
            className={controlClass}
          />
        </Field>

        <Field id={`${id}-city`} label="City" required error={errors.city}>
          <SelectControl {...props("city")} required>
            <option value="">Select a city</option>
            {/* A stored city outside the list stays selectable, so saving never drops it. */}
            {values.city && !DASHBOARD_CITY_OPTIONS.includes(values.city) && (
              <option value={values.city}>{values.city}</option>
            )}
            {DASHBOARD_CITY_OPTIONS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectControl>
        </Field>
        <Field id={`${id}-address`} label="Address (optional)" error={errors.address}>
          <input
            {...props("address")}
            type="text"
            autoComplete="street-address"
            maxLength={240}
            placeholder="e.g. Plot 12, Small Industrial Estate"
            className={controlClass}
          />
        </Field>

        <Field id={`${id}-website`} label="Website" error={errors.website}>
          <input
            {...props("website")}
            type="text"
            inputMode="url"
            autoComplete="url"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={300}
            placeholder="www.example.pk"
            className={controlClass}
          />
        </Field>
        <Field id={`${id}-responseTime`} label="Response Time" error={errors.responseTime}>
          <input
            {...props("responseTime")}
            type="text"
            maxLength={60}
            placeholder="e.g. 2-4 hours"
            className={controlClass}
          />
        </Field>

        <Field
          id={`${id}-description`}
          label="Description"
          error={errors.description}
          className="sm:col-span-2"
        >
          <textarea
            {...props("description")}
            rows={5}
            maxLength={5000}
            placeholder="What you make, the machines you run, minimum orders, who you work for…"
            className={textareaClass}
          />
        </Field>

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
          buttonRef={(el) => {
            fields.current.coverImageUrl = el;
          }}
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
          buttonRef={(el) => {
            fields.current.logoUrl = el;
          }}
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
