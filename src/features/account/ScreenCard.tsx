import type { ReactNode } from "react";

/** The one card of the emailed-link and forgot-password screens: icon, heading, then the state. */
export function ScreenCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="rounded-card border-line bg-surface shadow-card border p-6 sm:p-8">
      <span className="bg-primary-soft text-primary flex size-12 items-center justify-center rounded-full">
        {icon}
      </span>
      <h1 className="text-ink mt-4 text-2xl font-bold tracking-tight text-balance">{title}</h1>
      {children}
    </div>
  );
}

/** A quiet link under a screen's main action ("Back to sign in"). */
export const textLink =
  "text-primary-dark inline-flex min-h-11 items-center font-semibold underline-offset-2 hover:underline";
