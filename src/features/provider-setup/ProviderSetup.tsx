import { useStore } from "@nanostores/react";
import { BadgeCheck, Clock, ImagePlus, LoaderCircle, LockKeyhole, Wrench } from "lucide-react";
import { useId, useState } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { ApiError } from "../../lib/api.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import { serverFieldErrors } from "../../lib/server-errors.ts";
import { $session } from "../auth/session.ts";
import { UNAUTHORIZED_REDIRECT_MS } from "../dashboard/unauthorized.ts";
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
import { LEAVING, useSubmit } from "../forms/use-submit.ts";
import { toast, toastOnNextPage } from "../toast/store.ts";
import { checkSetup, EMPTY_SETUP, SETUP_FIELDS, SETUP_FIELD_OF_PAYLOAD } from "./setup-form.ts";
import { $setupGate } from "./store.ts";

const DASHBOARD = "/provider-dashboard";
const LOGIN = "/login?next=%2Fprovider-setup";

const NEXT_STEPS = [
  {
    icon: Wrench,
    title: "Add your services",
    text: "List what you make or do, with prices in PKR.",
  },
  {
    icon: ImagePlus,
    title: "Upload photos",
    text: "A cover, your logo and pictures of your workshop and work.",
  },
  {
    icon: Clock,
    title: "Set response time and pricing",
    text: "Buyers compare how fast you answer and where prices start.",
  },
  {
    icon: BadgeCheck,
    title: "Get verified",
    text: "The Verified badge tells buyers we have checked your business.",
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
      title: "Authentication Required",
      description: "Please sign in to continue",
      variant: "destructive",
    } as const;
    toast(message);
    // The sign-in page repeats it, in case the half second was too short to read it.
    toastOnNextPage(message);
    setTimeout(() => location.assign(LOGIN), UNAUTHORIZED_REDIRECT_MS);
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
        title: "Provider profile created successfully",
        description: "Next, add your cover image, logo, services and photos.",
      });
      location.assign(DASHBOARD);
      return LEAVING;
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 401) {
        needSignIn();
        return LEAVING;
      }
      if (err instanceof ApiError && err.status === 409) {
        toastOnNextPage({
          title: "You already have a provider profile",
          description: "Update it here in the Provider Dashboard.",
        });
        location.assign(DASHBOARD);
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
    failureTitle: "Setup Failed",
    failureText: "Failed to create provider profile. Please try again.",
  });
  const busy = setup.pending ? "submit" : leaving;

  const onSkip = () => {
    if (busy) return;
    setLeaving("skip");
    toastOnNextPage({
      title: "Setup Skipped",
      description: "You can complete your provider profile anytime from the Provider Dashboard.",
    });
    location.assign(DASHBOARD);
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <h1 className="text-ink text-2xl font-bold tracking-tight sm:text-3xl">
        Complete Your Provider Profile
      </h1>
      <p className="text-ink-soft mt-2 max-w-2xl">
        Tell buyers who you are. You can change everything later in the Provider Dashboard.
      </p>

      {loading ? (
        <p className="text-ink-muted mt-8" role="status">
          Loading...
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
              Company details
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
                  You are not signed in.{" "}
                  <a
                    href="/provider-portal-login?next=%2Fprovider-setup"
                    className="text-primary-dark font-semibold underline underline-offset-2"
                  >
                    Sign in to your provider account
                  </a>{" "}
                  to save your profile.
                </p>
              </div>
            )}

            <CompanyNameField {...field("companyName")} autoComplete="organization" />

            <DescriptionField
              {...field("description")}
              label="Business Description"
              placeholder="What you make, the machines you run, who you work for…"
            />

            <fieldset className="flex flex-col gap-3">
              <legend className="text-ink mb-1.5 text-sm font-semibold">Location</legend>
              <div className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
                <CityField {...field("city")} />
                <AddressField
                  {...field("address")}
                  label="Address"
                  autoComplete="street-address"
                  placeholder="e.g. Plot 12, Small Industrial Estate"
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
              label="Business Email"
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
                Skip for Now
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
                {busy === "submit" ? "Saving…" : "Complete Setup"}
              </button>
            </div>
          </form>

          <aside
            aria-labelledby={`${id}-next`}
            className="rounded-card border-line bg-surface shadow-card border p-5"
          >
            <h2 id={`${id}-next`} className="text-ink text-lg font-semibold">
              Next Steps
            </h2>
            <p className="text-ink-muted mt-1 text-sm">After setup, in your dashboard:</p>
            <ol className="mt-4 flex flex-col gap-4">
              {NEXT_STEPS.map((step) => (
                <li key={step.title} className="flex gap-3">
                  <span className="bg-primary-soft text-primary-dark flex size-9 shrink-0 items-center justify-center rounded-full">
                    <step.icon aria-hidden="true" className="size-5" />
                  </span>
                  <div className="min-w-0">
                    <p className="text-ink font-medium">{step.title}</p>
                    <p className="text-ink-muted text-sm">{step.text}</p>
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
