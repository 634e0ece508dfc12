import { useStore } from "@nanostores/react";
import { ListSearchForm } from "./ListSearchForm.tsx";
import {
  Banknote,
  Building2,
  ExternalLink,
  LoaderCircle,
  Mail,
  MailCheck,
  MapPin,
  Pencil,
  Phone,
  Plus,
  Unlink,
  UserRound,
  X,
} from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useId, useRef, useState, type ReactNode, type SubmitEvent } from "react";
import { SuggestedBadge, VerifiedBadge } from "../../components/ui/Badge.tsx";
import { buttonClass } from "../../components/ui/button.ts";
import { ConfirmDialog, DeleteButton } from "../../components/ui/ConfirmDialog.tsx";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import { controlClass, Field, SelectControl } from "../../components/ui/Field.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { showingText } from "../../components/ui/pagination.ts";
import { Switch } from "../../components/ui/Switch.tsx";
import {
  ADMIN_PAGE_SIZE,
  ADMIN_PROVIDER_FILTERS,
  type AdminProvider,
  type AdminProviderFilter,
  type AdminProviderService,
} from "../../lib/admin-schemas.ts";
import { cn } from "../../lib/cn.ts";
import { formatPkr } from "../../lib/money.ts";
import { toLocalPhone } from "../../lib/phone.ts";
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
  WhatsAppField,
  WebsiteField,
} from "../provider-form/ProviderFields.tsx";
import {
  addableCategories,
  checkDetails,
  DETAILS_FIELDS,
  detailsValuesFrom,
  groupServices,
  PROVIDER_FILTER_LABELS,
} from "./providers.ts";
import {
  $providers,
  addProviderCategory,
  clearProviderFilters,
  confirmProviderEmail,
  deleteProvider,
  detachProviderOwner,
  goToProvidersPage,
  loadProviders,
  removeProviderCategory,
  saveProviderDetails,
  setProviderFilter,
  setProviderFlag,
  setProviderSearch,
  submitProviderSearch,
  type ProviderFlag,
} from "./providers-store.ts";
import { $adminCategories, loadAdminCategories } from "./store.ts";

/**
 * "Manage Providers": search, status filter and 20 per page, so it
 * stays quick with 100,000 providers. Each provider can be edited, switched
 * active or verified, given or relieved of service categories, and deleted.
 */
export function ProvidersPanel() {
  const id = useId();
  const state = useStore($providers);
  const filtered = state.q !== "" || state.filter !== "all";

  // The add-category pickers need the category list; the Categories tab may have loaded it.
  useEffect(() => {
    if ($adminCategories.get().status !== "ready") void loadAdminCategories();
  }, []);

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-card border-line bg-surface shadow-card border p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={`${id}-title`} className="text-ink text-lg font-semibold">
          Manage Providers
        </h2>
        {state.status === "ready" && state.total > 0 && (
          <p className="text-ink-muted text-sm tabular-nums">
            {showingText(state.page, ADMIN_PAGE_SIZE, state.total)}
          </p>
        )}
      </div>
      <p className="text-ink-muted mt-1 text-sm">
        Newest first, active or not. Public pages change at the next publish.
      </p>

      <ListSearchForm
        id={id}
        name="Providers"
        searchLabel="Search providers"
        placeholder="Company, location, email or id"
        search={state.search}
        onSearch={setProviderSearch}
        onSubmit={submitProviderSearch}
        filterLabel="Status"
        filter={state.filter}
        onFilter={(f: AdminProviderFilter) => setProviderFilter(f)}
        options={ADMIN_PROVIDER_FILTERS.map((f) => (
          <option key={f} value={f}>
            {PROVIDER_FILTER_LABELS[f]}
          </option>
        ))}
      />

      <div className="mt-5" aria-busy={state.fetching || undefined}>
        {state.status === "loading" ? (
          <ProvidersSkeleton />
        ) : state.status === "error" ? (
          <ErrorBox
            title="We couldn't load providers."
            message={state.message}
            onRetry={() => void loadProviders()}
          />
        ) : state.items.length === 0 ? (
          <div className="rounded-control bg-subtle text-ink-soft flex flex-col items-center gap-3 px-4 py-10 text-center text-sm">
            <Building2 aria-hidden="true" className="text-ink-muted size-7" />
            <p className="text-ink font-medium">
              {filtered ? "No providers match." : "No providers yet."}
            </p>
            {filtered ? (
              <button
                type="button"
                onClick={clearProviderFilters}
                className={buttonClass("outline", "sm")}
              >
                <X aria-hidden="true" className="size-4" />
                Clear filters
              </button>
            ) : (
              <p>Add one above, or approve a suggestion.</p>
            )}
          </div>
        ) : (
          <ul
            aria-label="Providers"
            className={cn("flex flex-col gap-4 transition-opacity", state.fetching && "opacity-60")}
          >
            {state.items.map((p) => (
              <li key={p.id}>
                <ProviderCard provider={p} />
              </li>
            ))}
          </ul>
        )}
      </div>

      {state.status === "ready" && state.total > 0 && (
        <div className="border-line mt-5 border-t pt-4">
          <Pagination
            label="Providers pages"
            page={state.page}
            limit={ADMIN_PAGE_SIZE}
            total={state.total}
            loading={state.fetching}
            onPage={(page) => {
              goToProvidersPage(page);
              document.getElementById(`${id}-title`)?.scrollIntoView({ block: "start" });
            }}
          />
        </div>
      )}
    </section>
  );
}

function ProviderCard({ provider: p }: { provider: AdminProvider }) {
  const id = useId();
  const [pendingFlag, setPendingFlag] = useState<ProviderFlag | null>(null);

  const flip = async (flag: ProviderFlag, on: boolean) => {
    if (pendingFlag) return;
    setPendingFlag(flag);
    await setProviderFlag(p.id, flag, on);
    setPendingFlag(null);
  };

  return (
    <article
      aria-labelledby={`${id}-name`}
      className={cn(
        "rounded-card border-line border p-4",
        !p.isActive && "bg-subtle/60 border-dashed",
      )}
    >
      <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between md:gap-6">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`${id}-name`} className="text-ink min-w-0 text-base font-semibold break-words">
              {p.companyName}
            </h3>
            {p.isVerified && <VerifiedBadge />}
            {p.isSuggested && <SuggestedBadge />}
            {!p.isActive && (
              <span className="border-danger-border bg-danger-soft text-danger inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold">
                Inactive
              </span>
            )}
          </div>
          <dl className="mt-1.5 flex flex-wrap gap-x-5 gap-y-1 text-sm">
            <Detail icon={<MapPin className="size-4" />} term="Location">
              {p.location || <span className="text-ink-muted">No location</span>}
            </Detail>
            <Detail icon={<UserRound className="size-4" />} term="Owner">
              {p.ownerEmail ?? <span className="text-ink-muted italic">Unclaimed</span>}
            </Detail>
            {p.email && (
              <Detail icon={<Mail className="size-4" />} term="Email">
                {p.email}
                {!p.emailProvesClaim && (
                  <span className="border-accent-border bg-accent-soft text-accent-ink ms-2 inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold">
                    Set by a former owner: proves no claim
                  </span>
                )}
              </Detail>
            )}
            {p.phone && (
              <Detail icon={<Phone className="size-4" />} term="Phone">
                {toLocalPhone(p.phone)}
              </Detail>
            )}
            {p.pricePkr != null && (
              <Detail icon={<Banknote className="size-4" />} term="Price">
                From {formatPkr(p.pricePkr)}
              </Detail>
            )}
          </dl>
        </div>
        <fieldset className="flex shrink-0 flex-wrap gap-x-6">
          <legend className="sr-only">Status of {p.companyName}</legend>
          <Switch
            id={`${id}-active`}
            label="Active"
            checked={p.isActive}
            busy={pendingFlag === "isActive"}
            onCheckedChange={(on) => void flip("isActive", on)}
          />
          <Switch
            id={`${id}-verified`}
            label="Verified"
            checked={p.isVerified}
            busy={pendingFlag === "isVerified"}
            onCheckedChange={(on) => void flip("isVerified", on)}
          />
        </fieldset>
      </div>

      <CategoryChips provider={p} />

      <div className="border-line mt-3 flex flex-col gap-3 border-t pt-3 lg:flex-row lg:items-center lg:justify-between">
        <AddCategoryForm provider={p} />
        <div className="flex flex-wrap items-center gap-2">
          <EditDetailsDialog provider={p} />
          <a
            href={p.path}
            target="_blank"
            rel="noopener"
            className={buttonClass("ghost", "sm", "text-primary-dark")}
            aria-describedby={p.isActive ? undefined : `${id}-hidden`}
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            View page
            <span className="sr-only"> of {p.companyName} (opens in a new tab)</span>
          </a>
          {p.ownerEmail && (
            <ConfirmDialog
              trigger={
                <button
                  type="button"
                  aria-label={`Detach owner of ${p.companyName}`}
                  className={buttonClass("outline", "sm")}
                >
                  <Unlink aria-hidden="true" className="size-4" />
                  Detach owner
                </button>
              }
              title={`Detach the owner of ${p.companyName}?`}
              description={`${p.ownerEmail} will no longer manage this listing. The listing stays as it is, without an owner, and anyone can claim it again. Their account stays.${p.emailSource === "owner" ? " The listing's email, which they set, proves no claim until you confirm it belongs to the business." : ""}`}
              confirmLabel="Detach owner"
              busyLabel="Detaching…"
              onConfirm={() => detachProviderOwner(p.id)}
            />
          )}
          {p.email && !p.emailProvesClaim && (
            <ConfirmDialog
              trigger={
                <button
                  type="button"
                  aria-label={`Confirm the email of ${p.companyName}`}
                  className={buttonClass("outline", "sm")}
                >
                  <MailCheck aria-hidden="true" className="size-4" />
                  Confirm email
                </button>
              }
              title={`Confirm ${p.email} for ${p.companyName}?`}
              description="A former owner set this address. Once you confirm it, a claim link mailed to it proves ownership of the listing again. Confirm only after checking that it is the business's address, for example by calling its phone."
              confirmLabel="Confirm email"
              busyLabel="Confirming…"
              onConfirm={() => confirmProviderEmail(p.id)}
            />
          )}
          <ConfirmDialog
            trigger={<DeleteButton name={p.companyName} />}
            title={`Delete ${p.companyName}?`}
            description="Permanently delete this provider and all related data? This cannot be undone."
            confirmLabel="Delete provider"
            busyLabel="Deleting…"
            onConfirm={() => deleteProvider(p.id)}
          />
          {!p.isActive && (
            <p id={`${id}-hidden`} className="text-ink-muted w-full text-xs lg:text-end">
              Its public page is hidden while inactive.
            </p>
          )}
        </div>
      </div>
    </article>
  );
}

function Detail({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div className="flex max-w-full min-w-0 items-start gap-1.5">
      <dt className="text-ink-muted mt-0.5 shrink-0">
        <span aria-hidden="true">{icon}</span>
        <span className="sr-only">{term}</span>
      </dt>
      <dd className="text-ink-soft min-w-0 break-words">{children}</dd>
    </div>
  );
}

function CategoryChips({ provider: p }: { provider: AdminProvider }) {
  const id = useId();
  const [removing, setRemoving] = useState<string | null>(null);

  const remove = async (serviceId: string) => {
    if (removing) return;
    setRemoving(serviceId);
    await removeProviderCategory(p.id, serviceId);
    setRemoving(null);
  };

  const chip = (s: AdminProviderService, text: string, name: string) => (
    <Chip
      key={s.id}
      text={text}
      name={name}
      busy={removing === s.id}
      blocked={removing !== null}
      onRemove={() => void remove(s.id)}
    />
  );

  return (
    <div className="mt-3">
      <h4 id={`${id}-title`} className="sr-only">
        Service categories
      </h4>
      {p.services.length === 0 ? (
        <p className="text-ink-muted text-sm">No service categories yet.</p>
      ) : (
        <ul aria-labelledby={`${id}-title`} className="flex flex-wrap items-center gap-1.5">
          {groupServices(p.services).map((g) =>
            g.services.length === 1 ? (
              chip(g.services[0]!, g.categoryName, g.categoryName)
            ) : (
              // Several services in one category: the category once, then one chip per service.
              <li
                key={g.categoryId}
                className="border-primary-soft-hover flex max-w-full min-w-0 flex-wrap items-center gap-1.5 rounded-2xl border p-1 ps-3"
              >
                <span className="text-primary-dark text-xs font-semibold">{g.categoryName}</span>
                <ul className="contents">
                  {g.services.map((s) => chip(s, s.name, `${g.categoryName}: ${s.name}`))}
                </ul>
              </li>
            ),
          )}
        </ul>
      )}
    </div>
  );
}

/** One removable chip; `name` is what the remove button says it removes. */
function Chip({
  text,
  name,
  busy,
  blocked,
  onRemove,
}: {
  text: string;
  name: string;
  busy: boolean;
  blocked: boolean;
  onRemove: () => void;
}) {
  return (
    <li className="bg-primary-soft text-primary-dark inline-flex max-w-full min-w-0 items-center rounded-full ps-3 text-sm font-medium">
      <span className="truncate" title={text}>
        {text}
      </span>
      <button
        type="button"
        aria-label={`Remove ${name}`}
        aria-disabled={blocked || undefined}
        onClick={() => !blocked && onRemove()}
        className="hover:bg-primary-soft-hover focus-visible:outline-primary-ring inline-flex size-11 shrink-0 items-center justify-center rounded-full focus-visible:outline-3 sm:size-8"
      >
        {busy ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <X aria-hidden="true" className="size-4" />
        )}
      </button>
    </li>
  );
}

function AddCategoryForm({ provider: p }: { provider: AdminProvider }) {
  const id = useId();
  const categories = useStore($adminCategories);
  const [choice, setChoice] = useState("");
  const [adding, setAdding] = useState(false);
  const select = useRef<HTMLSelectElement>(null);

  const options = categories.status === "ready" ? addableCategories(p, categories.items) : [];

  const add = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (adding) return;
    if (!choice) {
      select.current?.focus();
      return;
    }
    setAdding(true);
    const ok = await addProviderCategory(p.id, choice);
    setAdding(false);
    if (ok) setChoice("");
  };

  return (
    <form
      onSubmit={(e) => void add(e)}
      aria-label={`Add a category to ${p.companyName}`}
      className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1.5"
    >
      <label htmlFor={`${id}-add`} className="text-ink text-sm font-semibold">
        Add category
      </label>
      <div className="flex min-w-0 flex-1 gap-2 sm:flex-none">
        <SelectControl
          ref={select}
          id={`${id}-add`}
          value={choice}
          onChange={(e) => setChoice(e.currentTarget.value)}
          disabled={categories.status !== "ready" || options.length === 0}
          className="min-h-11 text-sm sm:w-64"
        >
          <option value="">
            {categories.status === "loading"
              ? "Loading categories…"
              : categories.status === "error"
                ? "Categories could not be loaded"
                : options.length === 0
                  ? "Every category is added"
                  : "Choose a category"}
          </option>
          {options.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectControl>
        <button
          type="submit"
          aria-disabled={adding || undefined}
          className={buttonClass("secondary", "sm", "shrink-0 aria-disabled:cursor-progress")}
        >
          {adding ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Plus aria-hidden="true" className="size-4" />
          )}
          Add
        </button>
      </div>
    </form>
  );
}

function EditDetailsDialog({ provider }: { provider: AdminProvider }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const { values, setValues, errors, setErrors, focus, control, field } = useFormFields(id, () =>
    detailsValuesFrom(provider),
  );
  const [busy, setBusy] = useState(false);

  const onOpenChange = (next: boolean) => {
    if (busy) return;
    // Each opening starts from what the provider is now, not from an abandoned edit.
    if (next) {
      setValues(detailsValuesFrom(provider));
      setErrors({});
    }
    setOpen(next);
  };

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const check = checkDetails(values);
    if (!check.ok) {
      setErrors(check.errors);
      focus(check.first);
      return;
    }
    setBusy(true);
    const result = await saveProviderDetails(provider.id, check.payload);
    setBusy(false);
    if (result.ok) {
      setOpen(false);
      return;
    }
    const first = DETAILS_FIELDS.find((f) => result.errors[f]);
    if (first) {
      setErrors(result.errors);
      focus(first);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          aria-label={`Edit details of ${provider.companyName}`}
          className={buttonClass("outline", "sm")}
        >
          <Pencil aria-hidden="true" className="size-4" />
          Edit details
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="bg-ink/40 fixed inset-0 z-40" />
        <Dialog.Content className="rounded-card bg-surface shadow-raised fixed inset-x-4 top-1/2 z-50 mx-auto max-h-[calc(100dvh-2rem)] max-w-2xl -translate-y-1/2 overflow-y-auto p-5 sm:p-6">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Dialog.Title className="text-ink text-lg font-bold">Edit details</Dialog.Title>
              <Dialog.Description className="text-ink-muted mt-0.5 text-sm break-words">
                {provider.companyName}
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close"
              className={buttonClass("ghost", "icon", "-me-2 -mt-2 shrink-0")}
              disabled={busy}
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <form
            noValidate
            onSubmit={(e) => void submit(e)}
            aria-busy={busy || undefined}
            className="mt-4 grid gap-4 sm:grid-cols-2"
          >
            <CompanyNameField {...field("companyName")} className="sm:col-span-2" />
            <CompanyNameUrField
              {...field("companyNameUr", { hint: true })}
              className="sm:col-span-2"
            />
            <CityField {...field("city")} emptyOption="No city" />
            <AddressField {...field("address")} />
            <EmailField {...field("email")} />
            <PhoneField {...field("phone")} />
            <WhatsAppField
              id={`${id}-phoneOnWhatsapp`}
              checked={values.phoneOnWhatsapp}
              onCheckedChange={(on) => setValues((v) => ({ ...v, phoneOnWhatsapp: on }))}
              className="sm:col-span-2"
            />
            <WebsiteField {...field("website")} />
            <Field id={`${id}-pricePkr`} label="Price from (PKR)" error={errors.pricePkr}>
              <input
                {...control("pricePkr")}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                placeholder="Leave empty for none"
                className={cn(controlClass, "tabular-nums")}
              />
            </Field>
            <DescriptionField {...field("description")} className="sm:col-span-2" />
            <DescriptionUrField
              {...field("descriptionUr", { hint: true })}
              className="sm:col-span-2"
            />
            <div className="mt-1 flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonClass("outline", "md")} disabled={busy}>
                Cancel
              </Dialog.Close>
              <button
                type="submit"
                aria-disabled={busy || undefined}
                className={buttonClass(
                  "primary",
                  "md",
                  "aria-disabled:cursor-progress sm:min-w-36",
                )}
              >
                {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
                {busy ? "Saving…" : "Save Changes"}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ProvidersSkeleton() {
  return (
    <ul aria-label="Loading providers" className="flex flex-col gap-4">
      {Array.from({ length: 3 }, (_, i) => (
        <li key={i} className="rounded-card border-line border p-4 sm:p-5">
          <div className="flex flex-col gap-4 md:flex-row md:justify-between">
            <div className="flex flex-1 flex-col gap-2">
              <div className="skeleton h-5 w-56 max-w-full" />
              <div className="skeleton h-4 w-40" />
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                <div className="skeleton h-4 w-48 max-w-full" />
                <div className="skeleton h-4 w-44 max-w-full" />
                <div className="skeleton h-4 w-32" />
              </div>
            </div>
            <div className="flex gap-6 md:flex-col md:gap-4">
              <div className="skeleton h-6 w-24" />
              <div className="skeleton h-6 w-24" />
            </div>
          </div>
          <div className="border-line mt-4 flex gap-2 border-t pt-4">
            <div className="skeleton h-8 w-28 rounded-full" />
            <div className="skeleton h-8 w-24 rounded-full" />
          </div>
        </li>
      ))}
    </ul>
  );
}
