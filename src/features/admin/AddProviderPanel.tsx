import { useStore } from "@nanostores/react";
import { ChevronDown, LoaderCircle, Plus, RotateCw } from "lucide-react";
import { Collapsible } from "radix-ui";
import { useId, useState, type SubmitEvent } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { CheckboxItem } from "../../components/ui/CheckboxItem.tsx";
import { FieldError } from "../../components/ui/Field.tsx";
import { cn } from "../../lib/cn.ts";
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
} from "../provider-form/ProviderFields.tsx";
import { toast } from "../toast/store.ts";
import {
  ADD_PROVIDER_FIELDS,
  checkAddProvider,
  EMPTY_ADD_PROVIDER,
  MISSING_FIELDS_TOAST,
  type AddProviderErrors,
} from "./add-provider-form.ts";
import { createProvider } from "./providers-store.ts";
import { $adminCategories, loadAdminCategories } from "./store.ts";

/**
 * "Add Provider (Admin)": a provider made by an admin is active
 * and unverified; an owner email links an existing account. Folded away by
 * default so Manage Providers below stays in view.
 */
export function AddProviderPanel() {
  const id = useId();
  const [open, setOpen] = useState(false);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next && $adminCategories.get().status !== "ready") void loadAdminCategories();
  };

  return (
    <Collapsible.Root
      open={open}
      onOpenChange={onOpenChange}
      className="rounded-card border-line bg-surface shadow-card border"
    >
      <h2 className="text-ink text-lg font-semibold">
        <Collapsible.Trigger
          className={cn(
            "rounded-card flex min-h-14 w-full items-center gap-3 px-4 py-3 text-start sm:px-6",
            "hover:bg-subtle/60",
          )}
        >
          <span className="bg-primary-soft text-primary-dark hidden size-9 shrink-0 items-center justify-center rounded-full sm:flex">
            <Plus aria-hidden="true" className="size-5" />
          </span>
          <span className="min-w-0 flex-1">
            Add Provider (Admin)
            <span className="text-ink-muted block text-sm font-normal">
              List a company yourself; it goes live as active and unverified.
            </span>
          </span>
          <ChevronDown
            aria-hidden="true"
            className={cn(
              "text-ink-muted size-5 shrink-0 transition-transform",
              open && "rotate-180",
            )}
          />
        </Collapsible.Trigger>
      </h2>
      <Collapsible.Content className="border-line border-t px-4 pt-4 pb-5 sm:px-6 sm:pb-6">
        <AddProviderForm formId={id} />
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

function AddProviderForm({ formId: id }: { formId: string }) {
  const categories = useStore($adminCategories);
  const { values, setValues, errors, setErrors, register, focus, field } = useFormFields(
    id,
    EMPTY_ADD_PROVIDER,
  );
  const [busy, setBusy] = useState(false);

  const toggleCategory = (catId: string, on: boolean) => {
    setValues((v) => ({
      ...v,
      categoryIds: on
        ? [...new Set([...v.categoryIds, catId])]
        : v.categoryIds.filter((c) => c !== catId),
    }));
    if (errors.categoryIds) setErrors((e) => ({ ...e, categoryIds: undefined }));
  };

  const focusFirst = (errs: AddProviderErrors) => {
    const first = ADD_PROVIDER_FIELDS.find((f) => errs[f]);
    if (first) focus(first);
  };

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const check = checkAddProvider(values);
    if (!check.ok) {
      if (check.missing) toast({ ...MISSING_FIELDS_TOAST, variant: "destructive" });
      setErrors(check.errors);
      focusFirst(check.errors);
      return;
    }
    setBusy(true);
    const result = await createProvider(check.payload);
    setBusy(false);
    if (result.ok) {
      setValues(EMPTY_ADD_PROVIDER);
      setErrors({});
      focus("companyName");
      return;
    }
    setErrors(result.errors);
    focusFirst(result.errors);
  };

  const chosen = values.categoryIds.length;

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label="Add Provider (Admin)"
      aria-busy={busy || undefined}
      className="grid gap-5 sm:grid-cols-2"
    >
      <p className="text-ink-muted text-sm sm:col-span-2">
        Fields marked <span className="text-danger">*</span> are required.
      </p>
      <CompanyNameField {...field("companyName")} autoComplete="off" className="sm:col-span-2" />
      <CompanyNameUrField {...field("companyNameUr", { hint: true })} className="sm:col-span-2" />

      <CityField {...field("city")} required />
      <AddressField
        {...field("address")}
        autoComplete="off"
        placeholder="e.g. Plot 12, Small Industrial Estate"
      />

      <EmailField {...field("email")} autoComplete="off" placeholder="sales@example.pk" />
      <PhoneField {...field("phone")} autoComplete="off" placeholder="0300 1234567" />

      <WebsiteField {...field("website")} autoComplete="off" placeholder="www.example.pk" />
      <EmailField
        {...field("ownerEmail", { hint: true })}
        label="Owner Email"
        hint="Links an existing account, which becomes this provider's owner. Leave empty for an unclaimed listing."
        autoComplete="off"
        placeholder="owner@example.pk"
      />

      <DescriptionField
        {...field("description")}
        placeholder="What they make, the machines they run, minimum orders…"
        className="sm:col-span-2"
      />
      <DescriptionUrField {...field("descriptionUr", { hint: true })} className="sm:col-span-2" />

      <fieldset
        className="flex flex-col gap-1.5 sm:col-span-2"
        aria-describedby={errors.categoryIds ? `${id}-categoryIds-error` : undefined}
      >
        <legend className="text-ink mb-1.5 flex w-full items-baseline justify-between gap-3 text-sm font-semibold">
          Service Categories
          <span className="text-ink-muted text-xs font-normal" aria-live="polite">
            {chosen === 0 ? "None chosen" : `${chosen} chosen`}
          </span>
        </legend>
        <div
          ref={register("categoryIds")}
          tabIndex={-1}
          className="border-line-strong rounded-control h-[15rem] overflow-y-auto border p-2"
        >
          {categories.status === "error" ? (
            <div className="text-danger flex flex-wrap items-center gap-2 p-2 text-sm">
              Categories could not be loaded.
              <button
                type="button"
                onClick={() => void loadAdminCategories()}
                className="text-primary-dark inline-flex min-h-11 items-center gap-1 font-semibold underline-offset-2 hover:underline"
              >
                <RotateCw aria-hidden="true" className="size-4" />
                Try again
              </button>
            </div>
          ) : categories.status === "loading" ? (
            <p className="text-ink-muted flex items-center gap-2 p-2 text-sm">
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              Loading categories…
            </p>
          ) : categories.items.length === 0 ? (
            <p className="text-ink-muted p-2 text-sm">
              No categories yet. Add one in the Categories tab first.
            </p>
          ) : (
            <ul className="grid sm:grid-cols-2">
              {categories.items.map((cat) => (
                <CheckboxItem
                  key={cat.id}
                  id={`${id}-cat-${cat.id}`}
                  label={cat.name}
                  checked={values.categoryIds.includes(cat.id)}
                  onCheckedChange={(on) => toggleCategory(cat.id, on)}
                />
              ))}
            </ul>
          )}
        </div>
        <FieldError id={`${id}-categoryIds`} error={errors.categoryIds} />
      </fieldset>

      <div className="border-line flex justify-end border-t pt-5 sm:col-span-2">
        <button
          type="submit"
          aria-disabled={busy || undefined}
          className={buttonClass(
            "primary",
            "lg",
            "w-full aria-disabled:cursor-progress aria-disabled:opacity-80 sm:w-auto sm:min-w-44",
          )}
        >
          {busy ? (
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          ) : (
            <Plus aria-hidden="true" className="size-5" />
          )}
          {busy ? "Adding…" : "Add Provider"}
        </button>
      </div>
    </form>
  );
}
