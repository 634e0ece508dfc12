import { useStore } from "@nanostores/react";
import { BadgeCheck, Clock, ImagePlus, LoaderCircle, LockKeyhole, Wrench } from "lucide-react";
import { useId, useState } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { localHref, m } from "../../i18n/index.ts";
import { ApiError } from "../../lib/api.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import { serverFieldErrors } from "../../lib/server-errors.ts";
import { $session } from "../auth/session.ts";
import { fillSlots } from "../../i18n/slots.tsx";
import { UNAUTHORIZED_REDIRECT_MS } from "../dashboard/unauthorized.ts";
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
  WebsiteField,
  WhatsAppField,
} from "../provider-form/ProviderFields.tsx";
import { LEAVING, useSubmit } from "../forms/use-submit.ts";
import { toast, toastOnNextPage } from "../toast/store.ts";
import { checkSetup, EMPTY_SETUP, SETUP_FIELDS, SETUP_FIELD_OF_PAYLOAD } from "./setup-form.ts";
import { $setupGate } from "./store.ts";
import { markSetupSkipped } from "./skip.ts";

/** Pages this screen sends to, in its own language (asked when needed: the render knows it). */
const dashboard = () => localHref("/provider-dashboard");
const here = () => encodeURIComponent(localHref("/provider-setup"));
const login = () => `${localHref("/login")}?next=${here()}`;
const portalLogin = () => `${localHref("/provider-portal-login")}?next=${here()}`;

const NEXT_STEPS = [
  {
    id: "services",
    icon: Wrench,
    title: m.dashboard_step_services_title,
    text: m.dashboard_step_services_text,
  },
  {
    id: "photos",
    icon: ImagePlus,
    title: m.dashboard_step_photos_title,
    text: m.dashboard_step_photos_text,
  },
  {
    id: "pricing",
    icon: Clock,
    title: m.dashboard_step_pricing_title,
    text: m.dashboard_step_pricing_text,
  },
  {
    id: "verified",
    icon: BadgeCheck,
    title: m.dashboard_step_verified_title,
    text: m.dashboard_step_verified_text,
  },
] as const;

/**
 * The provider setup screen: 'Loading...' until the user
 * is known, then the company form with 'Complete Setup' and 'Skip for Now',
 * and the Next Steps. A user who already has a profile goes to the dashboard.
 */
export function ProviderSetup() {
  const session = useStore($session, { ssr: "initial" });
  const gate = useStore($setupGate, { ssr: "initial" });
  const id = useId();
  const { values, setValues, setErrors, focus, field } = useFormFields(id, EMPTY_SETUP);
  /** The page is leaving (to sign in, or skipped): which button started it. */
  const [leaving, setLeaving] = useState<"submit" | "skip" | null>(null);

  const loading = session.status === "loading" || gate !== "form";

  const needSignIn = () => {
    const message = {
      title: m.dashboard_auth_required_title(),
      description: m.dashboard_auth_required_text(),
      variant: "destructive",
    } as const;
    toast(message);
    // The sign-in page repeats it, in case the half second was too short to read it.
    toastOnNextPage(message);
    const to = login();
    setTimeout(() => location.assign(to), UNAUTHORIZED_REDIRECT_MS);
  };

  const setup = useSubmit({
    validate: () => {
      if (leaving) return null;
      if (session.status !== "authenticated") {
        setLeaving("submit");
        needSignIn();
        return null;
      }
      const check = checkSetup(values, session.user.id);
      if (check.ok) return check.payload;
      setErrors(check.errors);
      focus(check.first);
      return null;
    },
    send: (json) => unwrap(api.providers.$post({ json })),
    onSuccess: () => {
      toastOnNextPage({
        title: m.dashboard_profile_created(),
        description: m.dashboard_setup_next(),
      });
      location.assign(dashboard());
      return LEAVING;
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 401) {
        needSignIn();
        return LEAVING;
      }
      if (err instanceof ApiError && err.status === 409) {
        toastOnNextPage({
          title: m.dashboard_already_have_profile(),
          description: m.dashboard_already_have_profile_text(),
        });
        location.assign(dashboard());
        return LEAVING;
      }
      // A field the server refused (Chrome's URL parser lets more through than the API's).
      if (err instanceof ApiError && err.status === 400) {
        const fieldErrors = serverFieldErrors(err.serverMessage, SETUP_FIELD_OF_PAYLOAD);
        const first = SETUP_FIELDS.find((f) => fieldErrors[f]);
        if (first) {
          setErrors(fieldErrors);
          focus(first);
        }
      }
      return undefined;
    },
    failureTitle: m.dashboard_setup_failed_title(),
    failureText: m.dashboard_setup_failed_text(),
  });
  const busy = setup.pending ? "submit" : leaving;

  const onSkip = () => {
    if (busy) return;
    setLeaving("skip");
    markSetupSkipped();
    toastOnNextPage({
      title: m.dashboard_setup_skipped_title(),
      description: m.dashboard_setup_skipped_text(),
    });
    location.assign(dashboard());
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <h1 className="text-ink text-2xl font-bold tracking-tight sm:text-3xl">
        {m.dashboard_setup_title()}
      </h1>
      <p className="text-ink-soft mt-2 max-w-2xl">{m.dashboard_setup_intro()}</p>

      {loading ? (
        <p className="text-ink-muted mt-8" role="status">
          {m.dashboard_loading()}
        </p>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
          <form
            method="post"
            noValidate
            onSubmit={(e) => void setup.submit(e)}
            aria-labelledby={`${id}-form-title`}
            className="rounded-card border-line bg-surface shadow-card flex flex-col gap-5 border p-5 sm:p-6"
          >
            <h2 id={`${id}-form-title`} className="sr-only">
              {m.dashboard_setup_form_title()}
            </h2>
            {session.status === "unauthenticated" && (
              <div
                role="status"
                className="rounded-control border-accent-border bg-accent-soft text-ink-soft flex items-start gap-3 border p-3 text-sm"
              >
                <LockKeyhole
                  aria-hidden="true"
                  className="text-accent-ink mt-0.5 size-5 shrink-0"
                />
                <p>
                  {fillSlots(m.dashboard_setup_signed_out({ link: "{link}" }), {
                    link: (
                      <a
                        href={portalLogin()}
                        className="text-primary-dark font-semibold underline underline-offset-2"
                      >
                        {m.dashboard_setup_sign_in_link()}
                      </a>
                    ),
                  })}
                </p>
              </div>
            )}

            <CompanyNameField {...field("companyName")} autoComplete="organization" />
            <CompanyNameUrField {...field("companyNameUr", { hint: true })} />

            <DescriptionField
              {...field("description")}
              label={m.dashboard_business_description()}
              placeholder={m.dashboard_setup_description_placeholder()}
            />
            <DescriptionUrField {...field("descriptionUr", { hint: true })} />

            <fieldset className="flex flex-col gap-3">
              <legend className="text-ink mb-1.5 text-sm font-semibold">
                {m.dashboard_location()}
              </legend>
              <div className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
                <CityField {...field("city")} />
                <AddressField
                  {...field("address")}
                  label={m.dashboard_address()}
                  autoComplete="street-address"
                  placeholder={m.dashboard_address_placeholder()}
                />
              </div>
            </fieldset>

            <div className="grid gap-5 sm:grid-cols-2">
              <PhoneField {...field("phone")} autoComplete="tel" placeholder="0300 1234567" />
              <WebsiteField
                {...field("website")}
                type="url"
                autoComplete="url"
                placeholder="www.example.pk"
              />
            </div>
            <WhatsAppField
              id={`${id}-phoneOnWhatsapp`}
              checked={values.phoneOnWhatsapp}
              onCheckedChange={(on) => setValues((v) => ({ ...v, phoneOnWhatsapp: on }))}
            />

            <EmailField
              {...field("email")}
              label={m.dashboard_business_email()}
              autoComplete="email"
              placeholder="sales@example.pk"
            />

            <div className="border-line flex flex-col-reverse gap-3 border-t pt-5 sm:flex-row sm:justify-end">
              <button
                type="button"
                onClick={onSkip}
                aria-disabled={busy !== null || undefined}
                className={buttonClass("outline", "lg", "aria-disabled:opacity-70")}
              >
                {m.dashboard_skip()}
              </button>
              <button
                type="submit"
                aria-disabled={busy !== null || undefined}
                className={buttonClass(
                  "primary",
                  "lg",
                  "aria-disabled:cursor-progress aria-disabled:opacity-80 sm:min-w-44",
                )}
              >
                {busy === "submit" && (
                  <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
                )}
                {busy === "submit" ? m.dashboard_saving() : m.dashboard_complete_setup()}
              </button>
            </div>
          </form>

          <aside
            aria-labelledby={`${id}-next`}
            className="rounded-card border-line bg-surface shadow-card border p-5"
          >
            <h2 id={`${id}-next`} className="text-ink text-lg font-semibold">
              {m.dashboard_next_steps()}
            </h2>
            <p className="text-ink-muted mt-1 text-sm">{m.dashboard_next_steps_intro()}</p>
            <ol className="mt-4 flex flex-col gap-4">
              {NEXT_STEPS.map((step) => (
                <li key={step.id} className="flex gap-3">
                  <span className="bg-primary-soft text-primary-dark flex size-9 shrink-0 items-center justify-center rounded-full">
                    <step.icon aria-hidden="true" className="size-5" />
                  </span>
                  <div className="min-w-0">
                    <p className="text-ink font-medium">{step.title()}</p>
                    <p className="text-ink-muted text-sm">{step.text()}</p>
                  </div>
                </li>
              ))}
            </ol>
          </aside>
        </div>
      )}
    </div>
  );
}
