import { useStore } from "@nanostores/react";
import { LoaderCircle, Pencil, Plus, RotateCw, Wrench, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useId, useState, type SubmitEvent } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { ConfirmDialog, DeleteButton } from "../../components/ui/ConfirmDialog.tsx";
import { controlClass, Field, SelectControl } from "../../components/ui/Field.tsx";
import {
  categoryName,
  currentLocale,
  formatCount,
  formatServicePrice,
  m,
} from "../../i18n/index.ts";
import type { ServicePublic } from "../../lib/types.ts";
import { useFormFields } from "../provider-form/form-fields.ts";
import { typedTextareaClass, typedTextClass } from "../provider-form/ProviderFields.tsx";
import {
  checkService,
  EMPTY_SERVICE,
  serviceValuesFrom,
  type ServiceValues,
} from "./service-form.ts";
import {
  $categories,
  addService,
  deleteService,
  loadCategories,
  updateService,
  type MyProvider,
  type ServiceInput,
} from "./store.ts";

/**
 * The Services tab: 'Add New Service' above 'Your Services', each
 * service with Edit (a dialog) and Delete (confirmed first).
 */
export function ServicesTab({ provider }: { provider: MyProvider }) {
  const services = provider.services;
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="add-service-heading"
        className="rounded-card border-line bg-surface shadow-card border p-5 sm:p-6"
      >
        <h2 id="add-service-heading" className="text-ink text-lg font-semibold">
          {m.dashboard_add_service_title()}
        </h2>
        <p className="text-ink-muted mt-1 text-sm">{m.dashboard_add_service_intro()}</p>
        <ServiceForm
          submitLabel={m.dashboard_add_service()}
          busyLabel={m.dashboard_adding()}
          icon="add"
          onSubmit={addService}
          resetOnSuccess
        />
      </section>

      <section
        aria-labelledby="your-services-heading"
        className="rounded-card border-line bg-surface shadow-card border p-5 sm:p-6"
      >
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="your-services-heading" className="text-ink text-lg font-semibold">
            {m.dashboard_your_services()}
          </h2>
          {services.length > 0 && (
            <p className="text-ink-muted text-sm">{servicesCount(services.length)}</p>
          )}
        </div>
        {services.length === 0 ? (
          <div className="rounded-control bg-subtle text-ink-muted mt-4 flex items-center gap-3 px-4 py-6 text-sm">
            <Wrench aria-hidden="true" className="size-5 shrink-0" />
            {m.dashboard_no_services()}
          </div>
        ) : (
          <ul className="divide-line mt-2 divide-y">
            {services.map((s) => (
              <ServiceRow key={s.id} service={s} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function servicesCount(n: number): string {
  const count = formatCount(n, currentLocale());
  return n === 1
    ? m.dashboard_services_count_one({ count })
    : m.dashboard_services_count_other({ count });
}

function ServiceRow({ service: s }: { service: ServicePublic }) {
  const locale = currentLocale();
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="min-w-0 flex-1">
        <h3 className="text-ink font-medium break-words">
          {/* Typed in either language: each reads in its own direction, aligned with the page. */}
          <bdi>{s.name}</bdi>
          {!s.isActive && (
            <span className="border-line bg-subtle text-ink-muted ms-2 inline-flex rounded-full border px-2 py-0.5 align-middle text-xs font-medium">
              {m.dashboard_hidden_by_admin()}
            </span>
          )}
        </h3>
        <p className="text-primary-dark mt-0.5 text-xs font-medium">
          {categoryName(s.category, locale)}
        </p>
        {s.description.trim() && (
          <p className="text-ink-muted mt-1 text-sm break-words whitespace-pre-line">
            <bdi>{s.description}</bdi>
          </p>
        )}
      </div>
      <div className="flex shrink-0 items-center justify-between gap-3 sm:flex-col sm:items-end">
        <p
          className={
            s.pricePkr === null
              ? "text-ink-muted text-sm whitespace-nowrap"
              : "text-ink font-semibold whitespace-nowrap tabular-nums"
          }
        >
          {formatServicePrice(s.pricePkr, locale)}
        </p>
        <div className="flex gap-2">
          <EditServiceDialog service={s} />
          <ConfirmDialog
            trigger={<DeleteButton name={s.name} />}
            title={m.dashboard_delete_service_title()}
            description={m.dashboard_delete_service_text({ name: s.name })}
            confirmLabel={m.dashboard_delete_service()}
            busyLabel={m.dashboard_deleting()}
            onConfirm={() => deleteService(s.id)}
          />
        </div>
      </div>
    </li>
  );
}

function EditServiceDialog({ service }: { service: ServicePublic }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !busy && setOpen(o)}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          aria-label={m.dashboard_edit_named({ name: service.name })}
          className={buttonClass("outline", "sm")}
        >
          <Pencil aria-hidden="true" className="size-4" />
          {m.dashboard_edit()}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="bg-ink/40 fixed inset-0 z-40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="rounded-card bg-surface shadow-raised fixed inset-x-4 top-1/2 z-50 mx-auto max-h-[calc(100dvh-2rem)] max-w-lg -translate-y-1/2 overflow-y-auto p-5 sm:p-6"
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-ink text-lg font-bold">
              {m.dashboard_edit_service()}
            </Dialog.Title>
            <Dialog.Close
              aria-label={m.dashboard_close()}
              className={buttonClass("ghost", "icon", "-me-2 -mt-2")}
              disabled={busy}
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <ServiceForm
            initial={serviceValuesFrom(service)}
            submitLabel={m.dashboard_save_changes()}
            busyLabel={m.dashboard_saving()}
            icon="save"
            onBusyChange={setBusy}
            onSubmit={async (input) => {
              const ok = await updateService(service.id, input);
              if (ok) setOpen(false);
              return ok;
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ServiceForm({
  initial = EMPTY_SERVICE,
  submitLabel,
  busyLabel,
  icon,
  onSubmit,
  onBusyChange,
  resetOnSuccess = false,
}: {
  initial?: ServiceValues;
  submitLabel: string;
  busyLabel: string;
  icon: "add" | "save";
  onSubmit: (input: ServiceInput) => Promise<boolean>;
  onBusyChange?: (busy: boolean) => void;
  resetOnSuccess?: boolean;
}) {
  const id = useId();
  const categories = useStore($categories);
  const { values, setValues, errors, setErrors, focus, control } = useFormFields(id, initial);
  const [busy, setBusy] = useState(false);

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const check = checkService(values);
    if (!check.ok) {
      setErrors(check.errors);
      focus(check.first);
      return;
    }
    setBusy(true);
    onBusyChange?.(true);
    const ok = await onSubmit(check.input);
    setBusy(false);
    onBusyChange?.(false);
    if (ok && resetOnSuccess) {
      setValues(EMPTY_SERVICE);
      setErrors({});
    }
  };

  const items = categories.status === "ready" ? categories.items : [];
  const locale = currentLocale();

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-busy={busy || undefined}
      className="mt-4 grid gap-5 sm:grid-cols-2"
    >
      <Field
        id={`${id}-categoryId`}
        label={m.dashboard_category()}
        required
        error={errors.categoryId}
      >
        <SelectControl
          {...control("categoryId")}
          required
          disabled={categories.status !== "ready"}
          aria-busy={categories.status === "loading" || undefined}
        >
          <option value="">
            {categories.status === "loading"
              ? m.dashboard_loading_categories()
              : m.dashboard_select_category()}
          </option>
          {items.map((c) => (
            <option key={c.id} value={c.id}>
              {categoryName(c, locale)}
            </option>
          ))}
        </SelectControl>
        {categories.status === "error" && (
          <p className="text-danger flex flex-wrap items-center gap-2 text-sm">
            {m.dashboard_categories_failed()}
            <button
              type="button"
              onClick={() => void loadCategories()}
              className="text-primary-dark inline-flex min-h-11 items-center gap-1 font-semibold underline-offset-2 hover:underline"
            >
              <RotateCw aria-hidden="true" className="size-4" />
              {m.dashboard_try_again()}
            </button>
          </p>
        )}
      </Field>
      <Field id={`${id}-name`} label={m.dashboard_service_name()} required error={errors.name}>
        <input
          {...control("name")}
          type="text"
          required
          maxLength={200}
          placeholder={m.dashboard_service_name_placeholder()}
          className={typedTextClass}
        />
      </Field>
      <Field
        id={`${id}-pricePkr`}
        label={m.dashboard_price()}
        hint={m.dashboard_price_hint()}
        error={errors.pricePkr}
        className="sm:col-span-2"
      >
        <div className="relative sm:max-w-64">
          <span
            aria-hidden="true"
            className="text-ink-muted pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-sm font-medium"
          >
            {m.dashboard_price_prefix()}
          </span>
          <input
            {...control("pricePkr", { hint: true })}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            className={`${controlClass} ps-12 tabular-nums`}
          />
        </div>
      </Field>
      <Field
        id={`${id}-description`}
        label={m.dashboard_description()}
        error={errors.description}
        className="sm:col-span-2"
      >
        <textarea
          {...control("description")}
          rows={3}
          maxLength={2000}
          placeholder={m.dashboard_service_description_placeholder()}
          className={typedTextareaClass}
        />
      </Field>
      <div className="flex justify-end sm:col-span-2">
        <button
          type="submit"
          aria-disabled={busy || undefined}
          className={buttonClass(
            "primary",
            "lg",
            "w-full aria-disabled:cursor-progress aria-disabled:opacity-80 sm:w-auto sm:min-w-40",
          )}
        >
          {busy ? (
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          ) : icon === "add" ? (
            <Plus aria-hidden="true" className="size-5" />
          ) : null}
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
