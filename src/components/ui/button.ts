import { cn } from "../../lib/cn.ts";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "outline" | "danger";
export type ButtonSize = "md" | "sm" | "lg" | "icon";

const base =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-control font-semibold " +
  "transition-colors select-none disabled:pointer-events-none disabled:opacity-60 " +
  "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary-ring";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-primary text-white hover:bg-primary-hover active:bg-primary-dark",
  secondary: "bg-primary-soft text-primary-dark hover:bg-primary-soft-hover",
  outline: "border border-line-strong bg-surface text-ink hover:bg-subtle",
  ghost: "text-ink-soft hover:bg-subtle hover:text-ink",
  danger: "bg-danger text-white hover:opacity-90",
};

// Every size keeps a 44px minimum hit area (WCAG 2.5.8 / design brief).
const sizes: Record<ButtonSize, string> = {
  sm: "min-h-11 px-3 text-sm",
  md: "min-h-11 px-4 text-[0.9375rem]",
  lg: "min-h-12 px-5 text-base",
  icon: "size-11 p-0",
};

/** Class names for a button or a link styled as one; shared by Astro and React. */
export function buttonClass(
  variant: ButtonVariant = "primary",
  size: ButtonSize = "md",
  extra?: string,
): string {
  return cn(base, variants[variant], sizes[size], extra);
}
