import { Search } from "lucide-react";
import type { ReactNode } from "react";
import { controlClass, SelectControl } from "../../components/ui/Field.tsx";
import { cn } from "../../lib/cn.ts";

/**
 * The search box and one filter above an admin list (Manage Users, Manage
 * Providers): a labelled search landmark whose text is searched after a
 * pause in typing, or at once on Enter.
 */
export function ListSearchForm<V extends string>(props: {
  id: string;
  /** Names the search landmark ("Users"). */
  name: string;
  searchLabel: string;
  placeholder: string;
  search: string;
  onSearch: (text: string) => void;
  onSubmit: () => void;
  filterLabel: string;
  filter: V;
  onFilter: (value: V) => void;
  /** The filter's <option> elements. */
  options: ReactNode;
}) {
  const { id } = props;
  return (
    <form
      role="search"
      aria-label={props.name}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
      className="mt-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-q`} className="text-ink text-sm font-semibold">
          {props.searchLabel}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="text-ink-muted pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2"
          />
          <input
            id={`${id}-q`}
            type="search"
            value={props.search}
            onChange={(e) => props.onSearch(e.currentTarget.value)}
            placeholder={props.placeholder}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={100}
            className={cn(controlClass, "ps-10")}
          />
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-filter`} className="text-ink text-sm font-semibold">
          {props.filterLabel}
        </label>
        <SelectControl
          id={`${id}-filter`}
          value={props.filter}
          onChange={(e) => props.onFilter(e.currentTarget.value as V)}
        >
          {props.options}
        </SelectControl>
      </div>
    </form>
  );
}
