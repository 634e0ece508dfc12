import { useStore } from "@nanostores/react";
import { LoaderCircle, Pencil, Plus, Save, Search, Tags } from "lucide-react";
import {
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
  type SubmitEvent,
} from "react";
import { flushSync } from "react-dom";
import { buttonClass } from "../../components/ui/button.ts";
import { ConfirmDialog, DeleteButton } from "../../components/ui/ConfirmDialog.tsx";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import { controlClass, Field, textareaClass } from "../../components/ui/Field.tsx";
import {
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_ICON_MAX,
  CATEGORY_NAME_MAX,
} from "../../lib/admin-schemas.ts";
import { CategoryIcon, KNOWN_ICON_NAMES } from "../../lib/icons.tsx";
import type { Category } from "../../lib/types.ts";
import { useFormFields } from "../provider-form/form-fields.ts";
import {
  categoryValuesFrom,
  checkCategoryCreate,
  checkCategoryUpdate,
  EMPTY_CATEGORY,
  sameCategory,
  type CategoryCheck,
  type CategoryPayload,
  type CategoryValues,
} from "./categories.ts";
import {
  $adminCategories,
  createCategory,
  deleteCategory,
  loadAdminCategories,
  updateCategory,
} from "./categories-store.ts";

const ICON_LIST_ID = "admin-category-icons";

/**
 * The Categories tab: 'Add Service Category' above 'Service
 * Categories', whose rows edit in place and delete after a confirmation.
 */
export function CategoriesPanel() {
  return (
    <div className="flex flex-col gap-6">
      {/* Suggestions for the icon inputs: the names the site can draw (src/lib/icons.tsx). */}
      <datalist id={ICON_LIST_ID}>
        {KNOWN_ICON_NAMES.map((n) => (
          <option key={n} value={`icon-${n}`} />
        ))}
      </datalist>
      <section
        aria-labelledby="add-category-heading"
        className="rounded-card border-line bg-surface shadow-card border p-4 sm:p-6"
      >
        <h2 id="add-category-heading" className="text-ink text-lg font-semibold">
          Add Service Category
        </h2>
        <p className="text-ink-muted mt-1 text-sm">
          Categories group services in search, filters and the city listing pages.
        </p>
        <CategoryForm
          check={checkCategoryCreate}
          onSubmit={createCategory}
          submitLabel="Add Category"
          busyLabel="Adding…"
          resetOnSuccess
        />
      </section>
      <CategoryList />
    </div>
  );
}

function CategoryList() {
  const state = useStore($adminCategories);
  const [editing, setEditing] = useState<string | null>(null);
  const [query, setQuery] = useState("");
  const searchId = useId();
  const editButtons = useRef<Record<string, HTMLButtonElement | null>>({});
  const editName = useRef<HTMLInputElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const startEditing = (id: string) => {
    // The edit row replaces the row the person chose to edit: render it, then
    // their focus moves into its first field.
    flushSync(() => setEditing(id));
    editName.current?.focus();
  };

  const stopEditing = (id: string) => {
    // Render the row's Edit button again before focusing it, so focus is not lost to <body>.
    flushSync(() => setEditing(null));
    editButtons.current[id]?.focus();
  };

  const items = state.status === "ready" ? state.items : [];
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? items.filter(
        (c) =>
          c.name.toLowerCase().includes(needle) ||
          c.description.toLowerCase().includes(needle) ||
          (c.nameUr ?? "").includes(needle),
      )
    : items;
  return (
    <section
      aria-labelledby="categories-heading"
      className="rounded-card border-line bg-surface shadow-card border p-4 sm:p-6"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2
          id="categories-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-ink text-lg font-semibold outline-none"
        >
          Service Categories
        </h2>
        {state.status === "ready" && (
          <p className="text-ink-muted shrink-0 text-sm whitespace-nowrap">
            {items.length} {items.length === 1 ? "category" : "categories"}
          </p>
        )}
      </div>

      {state.status === "error" ? (
        <div className="mt-4">
          <ErrorBox
            title="We couldn't load the categories."
            message={state.message}
            onRetry={() => void loadAdminCategories()}
          />
        </div>
      ) : state.status === "loading" ? (
        <div role="status" className="mt-2">
          <span className="sr-only">Loading categories…</span>
          <ul aria-hidden="true" className="divide-line divide-y">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <li key={i} className="flex items-center gap-3 py-4">
                <div className="skeleton size-10 shrink-0 rounded-lg" />
                <div className="flex-1">
                  <div className="skeleton h-5 w-40" />
                  <div className="skeleton mt-2 h-4 w-64 max-w-full" />
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : items.length === 0 ? (
        <div className="rounded-control bg-subtle text-ink-muted mt-4 flex items-center gap-3 px-4 py-6 text-sm">
          <Tags aria-hidden="true" className="size-5 shrink-0" />
          No service categories yet. Add the first one above.
        </div>
      ) : (
        <>
          {/* Forty-odd categories: finding one beats scrolling on a phone. */}
          <div className="relative mt-4 sm:max-w-sm">
            <label htmlFor={searchId} className="sr-only">
              Find a category
            </label>
            <Search
              aria-hidden="true"
              className="text-ink-muted pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2"
            />
            <input
              id={searchId}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              placeholder="Find a category…"
              autoComplete="off"
              className={`${controlClass} ps-11`}
            />
          </div>
          {shown.length === 0 && (
            <p role="status" className="text-ink-muted mt-4 text-sm">
              No category matches “{query.trim()}”.
            </p>
          )}
          <ul className="divide-line mt-2 divide-y">
            {shown.map((c) =>
              editing === c.id ? (
                <li key={c.id} className="py-4">
                  <EditCategoryRow
                    category={c}
                    nameRef={editName}
                    onClose={() => stopEditing(c.id)}
                  />
                </li>
              ) : (
                <CategoryRow
                  key={c.id}
                  category={c}
                  onEdit={() => startEditing(c.id)}
                  editRef={(el) => {
                    editButtons.current[c.id] = el;
                  }}
                  // The row and its dialog are gone: after the dialog's own focus
                  // restore (to a trigger that no longer exists), land on the list.
                  onDeleted={() => requestAnimationFrame(() => headingRef.current?.focus())}
                />
              ),
            )}
          </ul>
        </>
      )}
    </section>
  );
}

function IconTile({ icon }: { icon: string }) {
  return (
    <span className="bg-primary-soft text-primary-dark flex size-10 shrink-0 items-center justify-center rounded-lg">
      <CategoryIcon icon={icon} className="size-5" />
    </span>
  );
}

function CategoryRow({
  category: c,
  onEdit,
  editRef,
  onDeleted,
}: {
  category: Category;
  onEdit: () => void;
  editRef: (el: HTMLButtonElement | null) => void;
  onDeleted: () => void;
}) {
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <IconTile icon={c.icon} />
        <div className="min-w-0">
          <h3 className="text-ink font-medium break-words">{c.name}</h3>
          {c.nameUr?.trim() && (
            <p lang="ur" dir="rtl" className="text-ink mt-0.5 text-start break-words">
              {c.nameUr}
            </p>
          )}
          {c.description.trim() ? (
            <p className="text-ink-muted mt-0.5 text-sm break-words">{c.description}</p>
          ) : (
            <p className="text-ink-muted mt-0.5 text-sm italic">No description</p>
          )}
          {c.icon && <p className="text-ink-muted mt-1 font-mono text-xs break-all">{c.icon}</p>}
        </div>
      </div>
      <div className="flex shrink-0 gap-2 self-end sm:self-center">
        <button
          type="button"
          ref={editRef}
          onClick={onEdit}
          aria-label={`Edit ${c.name}`}
          className={buttonClass("outline", "sm")}
        >
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </button>
        <ConfirmDialog
          trigger={<DeleteButton name={c.name} />}
          title="Delete this category?"
          description={
            <>
              Categories in use cannot be deleted.{" "}
              <span className="text-ink font-semibold">“{c.name}”</span> will be removed from every
              category list.
            </>
          }
          confirmLabel="Delete category"
          busyLabel="Deleting…"
          onConfirm={async () => {
            const result = await deleteCategory(c.id);
            if (result === "deleted") onDeleted();
            // In use: trying again cannot help, so close and let the toast explain why.
            return result !== "failed";
          }}
        />
      </div>
    </li>
  );
}

function EditCategoryRow({
  category,
  nameRef,
  onClose,
}: {
  category: Category;
  nameRef: RefObject<HTMLInputElement | null>;
  onClose: () => void;
}) {
  const initial = categoryValuesFrom(category);
  return (
    <div
      role="group"
      aria-label={`Edit ${category.name}`}
      className="rounded-control bg-subtle -mx-2 p-3 sm:-mx-3 sm:p-4"
    >
      <CategoryForm
        initial={initial}
        nameRef={nameRef}
        check={checkCategoryUpdate}
        onSubmit={async (payload) => {
          // Nothing changed: no request, no toast, just leave edit mode.
          if (sameCategory(payload, initial)) {
            onClose();
            return true;
          }
          const ok = await updateCategory(category.id, payload);
          if (ok) onClose();
          return ok;
        }}
        submitLabel="Save"
        busyLabel="Saving…"
        onCancel={onClose}
        compact
      />
    </div>
  );
}

function CategoryForm({
  initial = EMPTY_CATEGORY,
  check,
  onSubmit,
  submitLabel,
  busyLabel,
  onCancel,
  nameRef,
  resetOnSuccess = false,
  compact = false,
}: {
  initial?: CategoryValues;
  check: (values: CategoryValues) => CategoryCheck;
  onSubmit: (payload: CategoryPayload) => Promise<boolean>;
  submitLabel: string;
  busyLabel: string;
  /** Also given: Escape in any of the form's controls cancels. */
  onCancel?: () => void;
  /** Gets the Name field, for the opener to move focus into it. */
  nameRef?: RefObject<HTMLInputElement | null>;
  resetOnSuccess?: boolean;
  /** The inline edit: fewer description rows. */
  compact?: boolean;
}) {
  const id = useId();
  const { values, setValues, errors, setErrors, focus, control } = useFormFields(id, initial);
  const [busy, setBusy] = useState(false);
  const name = control("name");

  // On each control rather than on the row: keydown only ever comes from one of them.
  const cancelOnEscape = onCancel
    ? (e: KeyboardEvent) => {
        if (e.key !== "Escape") return;
        e.stopPropagation();
        onCancel();
      }
    : undefined;

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const result = check(values);
    if (!result.ok) {
      setErrors(result.errors);
      focus(result.first);
      return;
    }
    setErrors({});
    setBusy(true);
    const ok = await onSubmit(result.payload);
    setBusy(false);
    if (ok && resetOnSuccess) setValues(EMPTY_CATEGORY);
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-busy={busy || undefined}
      className={compact ? "grid gap-4 sm:grid-cols-2" : "mt-4 grid gap-5 sm:grid-cols-2"}
    >
      <Field id={`${id}-name`} label="Name" required error={errors.name}>
        <input
          {...name}
          ref={(el) => {
            name.ref(el);
            if (nameRef) nameRef.current = el;
          }}
          onKeyDown={cancelOnEscape}
          type="text"
          required
          maxLength={CATEGORY_NAME_MAX}
          autoComplete="off"
          placeholder="e.g. Leather Goods"
          className={controlClass}
        />
      </Field>
      <Field
        id={`${id}-icon`}
        label="Icon"
        error={errors.icon}
        hint={
          <>
            An icon name such as <code className="font-mono">icon-wrench</code> or{" "}
            <code className="font-mono">icon-shirt</code>.
          </>
        }
      >
        <div className="relative">
          <span
            aria-hidden="true"
            className="text-primary-dark pointer-events-none absolute start-3 top-1/2 -translate-y-1/2"
          >
            <CategoryIcon icon={values.icon} className="size-5" />
          </span>
          <input
            {...control("icon", { hint: true })}
            type="text"
            list={ICON_LIST_ID}
            onKeyDown={cancelOnEscape}
            maxLength={CATEGORY_ICON_MAX}
            autoComplete="off"
            spellCheck={false}
            placeholder="icon-wrench"
            className={`${controlClass} ps-11 font-mono text-sm`}
          />
        </div>
      </Field>
      <Field
        id={`${id}-description`}
        label="Description"
        error={errors.description}
        className="sm:col-span-2"
      >
        <textarea
          {...control("description")}
          onKeyDown={cancelOnEscape}
          rows={compact ? 2 : 3}
          maxLength={CATEGORY_DESCRIPTION_MAX}
          placeholder="What kind of providers belong here"
          className={compact ? `${textareaClass} min-h-20` : textareaClass}
        />
      </Field>
      {/* Urdu pages show these (the English ones while they are empty); typed right to left. */}
      <Field
        id={`${id}-nameUr`}
        label="Urdu name"
        error={errors.nameUr}
        hint="Shown on Urdu pages; empty shows the English name."
      >
        <input
          {...control("nameUr", { hint: true })}
          onKeyDown={cancelOnEscape}
          type="text"
          lang="ur"
          dir="rtl"
          maxLength={CATEGORY_NAME_MAX}
          autoComplete="off"
          placeholder="مثلاً چمڑے کی مصنوعات"
          className={controlClass}
        />
      </Field>
      <Field
        id={`${id}-descriptionUr`}
        label="Urdu description"
        error={errors.descriptionUr}
        className="sm:col-span-2"
      >
        <textarea
          {...control("descriptionUr")}
          onKeyDown={cancelOnEscape}
          lang="ur"
          dir="rtl"
          rows={compact ? 2 : 3}
          maxLength={CATEGORY_DESCRIPTION_MAX}
          className={compact ? `${textareaClass} min-h-20` : textareaClass}
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <button
            type="button"
            onClick={onCancel}
            onKeyDown={cancelOnEscape}
            disabled={busy}
            className={buttonClass("outline", "md", "sm:min-w-28")}
          >
            Cancel
          </button>
        )}
        <button
          type="submit"
          onKeyDown={cancelOnEscape}
          aria-disabled={busy || undefined}
          className={buttonClass(
            "primary",
            compact ? "md" : "lg",
            "w-full aria-disabled:cursor-progress aria-disabled:opacity-80 sm:w-auto sm:min-w-36",
          )}
        >
          {busy ? (
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          ) : onCancel ? (
            <Save aria-hidden="true" className="size-4" />
          ) : (
            <Plus aria-hidden="true" className="size-5" />
          )}
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
