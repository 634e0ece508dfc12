import { useStore } from "@nanostores/react";
import { LogOut, Monitor, Smartphone, Tablet } from "lucide-react";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { buttonClass } from "../../components/ui/button.ts";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import { m } from "../../i18n/index.ts";
import type { AccountSession } from "../../lib/auth-schemas.ts";
import { fillSlots } from "../../i18n/slots.tsx";
import { $accountSessions, endSession, loadSessions } from "./store.ts";
import { fullTime, lastUsedText } from "./time.ts";

function DeviceIcon({ device }: { device: string }) {
  const className = "size-5";
  if (/iPad|tablet/i.test(device)) return <Tablet aria-hidden="true" className={className} />;
  if (/Android|iPhone|phone|mobile/i.test(device)) {
    return <Smartphone aria-hidden="true" className={className} />;
  }
  return <Monitor aria-hidden="true" className={className} />;
}

/**
 * "Where you're signed in": one row per active session, this browser's marked
 * "This device", each with a Sign out button behind a confirmation (signing
 * out this device leaves the page; another one may be somebody's open tab).
 */
export function SessionList() {
  const state = useStore($accountSessions);

  if (state.status === "error") {
    return (
      <div className="mt-4">
        <ErrorBox
          title={m.account_sessions_load_failed()}
          message={state.error}
          onRetry={() => void loadSessions()}
        />
      </div>
    );
  }

  if (state.status !== "ready" && state.items.length === 0) {
    return (
      <div className="mt-4" role="status">
        <span className="sr-only">{m.account_sessions_loading()}</span>
        <ul aria-hidden="true" className="border-line divide-line rounded-card divide-y border">
          {[0, 1].map((i) => (
            <li key={i} className="flex items-center gap-3 p-4">
              <span className="bg-skeleton size-10 shrink-0 animate-pulse rounded-full" />
              <span className="flex flex-1 flex-col gap-2">
                <span className="bg-skeleton h-4 w-40 animate-pulse rounded" />
                <span className="bg-skeleton h-3.5 w-28 animate-pulse rounded" />
              </span>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <ul className="border-line divide-line rounded-card bg-surface mt-4 divide-y border">
      {state.items.map((s) => (
        <SessionRow key={s.id} session={s} now={state.loadedAt} />
      ))}
    </ul>
  );
}

function SessionRow({ session, now }: { session: AccountSession; now: number }) {
  const lastUsed = lastUsedText(session.lastUsedAt, now);
  return (
    // Phones: the button goes under the text, so the text keeps the row's width.
    <li className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-2 p-4 sm:grid-cols-[auto_1fr_auto]">
      <span className="bg-subtle text-ink-soft flex size-10 shrink-0 items-center justify-center rounded-full">
        <DeviceIcon device={session.device} />
      </span>
      <div className="min-w-0">
        <p className="text-ink flex flex-wrap items-center gap-x-2 font-semibold break-words">
          {session.device}
          {session.current && (
            <span className="bg-primary-soft text-primary-dark rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap">
              {m.account_this_device()}
            </span>
          )}
        </p>
        <p className="text-ink-muted text-sm">
          {fillSlots(m.account_session_times({ lastUsed: "{lastUsed}", signedIn: "{signedIn}" }), {
            lastUsed: (
              <time dateTime={session.lastUsedAt} title={fullTime(session.lastUsedAt)}>
                {lastUsed}
              </time>
            ),
            signedIn: <time dateTime={session.createdAt}>{fullTime(session.createdAt)}</time>,
          })}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <button
            type="button"
            aria-label={
              session.current
                ? m.account_sign_out_this_device()
                : m.account_sign_out_device({ device: session.device, lastUsed })
            }
            className={buttonClass(
              "outline",
              "sm",
              "col-start-2 justify-self-start sm:col-start-3",
            )}
          >
            <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {m.account_sign_out()}
          </button>
        }
        title={
          session.current
            ? m.account_sign_out_this_device_confirm()
            : m.account_sign_out_device_confirm({ device: session.device })
        }
        description={session.current ? m.account_this_device_text() : m.account_other_device_text()}
        confirmLabel={m.account_sign_out()}
        busyLabel={m.account_signing_out()}
        onConfirm={() => endSession(session)}
      />
    </li>
  );
}
