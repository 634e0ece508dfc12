/**
 * Quote requests on the client: the customer's 'My Requests', the provider's
 * inbox (with its unread count on the dashboard's Leads tab), the one thread
 * a page has open, and the admin's review list. Components call the actions
 * below; each shows its toast and refreshes what it changed. Only signed-in
 * screens subscribe, so an anonymous page never loads any of it.
 */
import { atom, computed, onMount } from "nanostores";
import { localizeError } from "../../i18n/errors.ts";
import { currentLocale, localHref, m } from "../../i18n/index.ts";
import { ApiError, describeError } from "../../lib/api.ts";
import { api, unwrap, unwrapWithHeaders } from "../../lib/api-client.ts";
import type { LeadCreate, LeadStatus, LeadSummary, LeadThread } from "../../lib/lead-schemas.ts";
import { nextCursorOf } from "../../lib/list-cursor.ts";
import { $session } from "../auth/session.ts";
import { handleUnauthorized, isUnauthorized } from "../dashboard/unauthorized.ts";
import { failureMessage } from "../forms/use-submit.ts";
import { toast } from "../toast/store.ts";
import type { ReplyPayload } from "./form.ts";

/* ------------------------------------------------------------ helpers */

/** `?lead={id}` of the page's URL: the thread a mailed link opens. */
export function leadFromUrl(search: string): string | null {
  const id = new URLSearchParams(search).get("lead")?.trim();
  return id ? id : null;
}

/** Keeps `?lead=` in the address bar in step with the open thread (no history entry each time). */
function setLeadParam(id: string | null): void {
  if (typeof window === "undefined") return;
  const url = new URL(location.href);
  if (id) url.searchParams.set("lead", id);
  else url.searchParams.delete("lead");
  if (url.href !== location.href) history.replaceState(history.state, "", url);
}

/** The page's sign-in link (in the page's language), coming back to where the person was. */
function loginHere(): string {
  return localHref(`/login?next=${encodeURIComponent(location.pathname + location.search)}`);
}

/** A 401 means the session is gone: the logged-out toast, then sign in and come back. */
function unauthorized(err: unknown): boolean {
  if (!isUnauthorized(err)) return false;
  handleUnauthorized(loginHere());
  return true;
}

/** What went wrong, in the page's language: the API answers in it, the browser in English. */
function described(err: unknown): string {
  return localizeError(describeError(err), currentLocale());
}

/** `{status}: {text}` with the API's own sentence as the text, for messages beside a form. */
export function statusText(err: unknown): string {
  if (err instanceof ApiError) {
    const text = err.serverMessage ?? (/^\s*</.test(err.text) ? m.leads_server_error() : err.text);
    return `${err.status}: ${text}`;
  }
  return described(err);
}

const param = (id: string) => ({ id: encodeURIComponent(id) });

/* -------------------------------------------------------------- lists */

/**
 * A list read from the newest and extended with 'Load more' (decision 030):
 * the rows loaded so far, how many there are in all, and the cursor of the
 * next page (null once everything is loaded).
 */
export interface LeadListState {
  status: "idle" | "loading" | "ready" | "error";
  leads: LeadSummary[];
  error: string | null;
  /** Every request of the list, loaded or not (the server's count). */
  total: number;
  next: string | null;
  loadingMore: boolean;
  /** The inbox only: how many of all its leads have news for the provider. */
  unread: number;
}

const EMPTY_LIST: LeadListState = {
  status: "idle",
  leads: [],
  error: null,
  total: 0,
  next: null,
  loadingMore: false,
  unread: 0,
};

const newestFirst = (a: LeadSummary, b: LeadSummary) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

/** The customer's requests ('My Requests'), newest first. */
export const $myRequests = atom<LeadListState>(EMPTY_LIST);

/** The provider's inbox, newest first. */
export const $inbox = atom<LeadListState>(EMPTY_LIST);

/** Leads in the whole inbox (loaded or not) with news the provider has not opened. */
export const $inboxUnread = computed($inbox, (s) => s.unread);

onMount($myRequests, () => {
  if (typeof window === "undefined") return;
  return $session.subscribe((s) => {
    if (s.status === "authenticated" && $myRequests.get().status === "idle") {
      void loadMyRequests();
    }
  });
});

onMount($inbox, () => {
  if (typeof window === "undefined") return;
  return $session.subscribe((s) => {
    if (s.status === "authenticated" && $inbox.get().status === "idle") void loadInbox();
  });
});

/** One page of a list: its rows, the count of all, the next cursor (and the inbox's unread count). */
interface ListPage {
  leads: LeadSummary[];
  total: number;
  next: string | null;
  unread?: number;
}

async function fetchPage(side: Side, cursor: string | null): Promise<ListPage> {
  const query = cursor ? { cursor } : {};
  if (side === "customer") {
    const { data, headers } = await unwrapWithHeaders(api.leads.$get({ query }));
    return { leads: data, total: totalOf(headers, data.length), next: nextCursorOf(headers) };
  }
  const { data, headers } = await unwrapWithHeaders(api["my-provider"].leads.$get({ query }));
  return {
    leads: data.leads,
    total: totalOf(headers, data.leads.length),
    next: nextCursorOf(headers),
    unread: data.unread,
  };
}

function totalOf(headers: Headers, shown: number): number {
  const total = Number(headers.get("X-Total-Count"));
  return headers.has("X-Total-Count") && Number.isFinite(total) ? total : shown;
}

/** The first page again (a reload starts over: further pages come with 'Load more'). */
async function loadFirst(side: Side, quiet: boolean): Promise<void> {
  const list = listOf(side);
  if (!quiet) list.set({ ...list.get(), status: "loading", error: null });
  try {
    const page = await fetchPage(side, null);
    list.set({
      status: "ready",
      leads: [...page.leads].sort(newestFirst),
      error: null,
      total: page.total,
      next: page.next,
      loadingMore: false,
      unread: page.unread ?? 0,
    });
    openFromUrl(side, page.leads);
  } catch (err) {
    if (unauthorized(err)) return;
    if (!quiet) list.set({ ...list.get(), status: "error", error: described(err) });
  }
}

export function loadMyRequests({ quiet = false } = {}): Promise<void> {
  return loadFirst("customer", quiet);
}

export function loadInbox({ quiet = false } = {}): Promise<void> {
  return loadFirst("provider", quiet);
}

/**
 * 'Load more': the page after the last one loaded, added below. A row already
 * shown (one that arrived at the top meanwhile cannot be, the cursor sees to
 * that, but a reload may have raced) is not shown twice.
 */
export async function loadMore(side: Side): Promise<void> {
  const list = listOf(side);
  const before = list.get();
  if (!before.next || before.loadingMore || before.status !== "ready") return;
  list.set({ ...before, loadingMore: true });
  try {
    const page = await fetchPage(side, before.next);
    const now = list.get();
    const shown = new Set(now.leads.map((l) => l.id));
    list.set({
      ...now,
      leads: [...now.leads, ...page.leads.filter((l) => !shown.has(l.id))].sort(newestFirst),
      total: page.total,
      next: page.next,
      loadingMore: false,
      ...(page.unread === undefined ? {} : { unread: page.unread }),
    });
  } catch (err) {
    list.set({ ...list.get(), loadingMore: false });
    if (unauthorized(err)) return;
    toast({
      title: side === "customer" ? m.leads_load_requests_failed() : m.leads_load_leads_failed(),
      description: described(err),
      variant: "destructive",
    });
  }
}

const listOf = (side: Side) => (side === "customer" ? $myRequests : $inbox);

/** Changes one row of a list (after a reply, a status change, reading it). */
function patchRow(side: Side, id: string, patch: Partial<LeadSummary>): void {
  const list = listOf(side);
  const s = list.get();
  if (!s.leads.some((l) => l.id === id)) return;
  list.set({ ...s, leads: s.leads.map((l) => (l.id === id ? { ...l, ...patch } : l)) });
}

/* ------------------------------------------------------------- thread */

export type Side = "customer" | "provider";

export type ThreadState =
  | { status: "closed" }
  | { status: "loading"; id: string }
  | { status: "ready"; id: string; thread: LeadThread }
  | { status: "error"; id: string; message: string; missing: boolean };

/** The thread the page has open (one per page: My Requests, or the dashboard's Leads tab). */
export const $thread = atom<ThreadState>({ status: "closed" });

/** `?lead=` is honoured once per page load, when the list first arrives. */
let urlHandled = false;

function openFromUrl(side: Side, leads: readonly LeadSummary[]): void {
  if (urlHandled || typeof window === "undefined") return;
  urlHandled = true;
  const id = leadFromUrl(location.search);
  // Opened even when the list does not have it: the thread answer says why (404, 403).
  if (id && $thread.get().status === "closed") void openLead(id, side, leads);
}

/** Opens a thread: loads it and, when the other side wrote something new, marks it read. */
export async function openLead(
  id: string,
  side: Side,
  leads: readonly LeadSummary[] = listOf(side).get().leads,
): Promise<void> {
  $thread.set({ status: "loading", id });
  setLeadParam(id);
  try {
    const thread = await unwrap(api.leads[":id"].$get({ param: param(id) }));
    if (!isOpen(id)) return;
    $thread.set({ status: "ready", id, thread });
    const row = leads.find((l) => l.id === id);
    // Shown first; the dot and the count go once the server has it as read.
    if (thread.unread || row?.unread) await markRead(id, side);
  } catch (err) {
    if (unauthorized(err) || !isOpen(id)) return;
    const missing = err instanceof ApiError && (err.status === 404 || err.status === 403);
    $thread.set({
      status: "error",
      id,
      message: missing ? m.leads_not_available() : described(err),
      missing,
    });
  }
}

function isOpen(id: string): boolean {
  const t = $thread.get();
  return t.status !== "closed" && t.id === id;
}

export function closeLead(): void {
  $thread.set({ status: "closed" });
  setLeadParam(null);
}

async function markRead(id: string, side: Side): Promise<void> {
  try {
    await unwrap(api.leads[":id"].read.$put({ param: param(id) }));
    patchRow(side, id, { unread: false });
    // The count covers every lead, loaded or not: this one has no news any more.
    if (side === "provider")
      $inbox.set({ ...$inbox.get(), unread: Math.max(0, $inbox.get().unread - 1) });
    const t = $thread.get();
    if (t.status === "ready" && t.id === id) {
      $thread.set({ ...t, thread: { ...t.thread, unread: false } });
    }
  } catch (err) {
    // Still unread on the server: the dot stays, and the next visit tries again.
    if (!unauthorized(err)) console.warn("Could not mark the request as read:", err);
  }
}

/** Takes the thread an action answered with, and the list row it summarises. */
function showThread(side: Side, thread: LeadThread): void {
  if (isOpen(thread.id)) $thread.set({ status: "ready", id: thread.id, thread });
  patchRow(side, thread.id, {
    status: thread.status,
    lastMessageAt: thread.lastMessageAt,
    unread: false,
  });
}

/**
 * Sends a message in the thread (with a quote, from the provider), then shows
 * the thread again. A refusal throws: the reply box shows it.
 */
export async function sendReply(id: string, side: Side, payload: ReplyPayload): Promise<void> {
  await unwrap(api.leads[":id"].messages.$post({ param: param(id), json: payload }));
  // The thread again: the provider's reply can move the status (Replied, Quoted).
  try {
    const thread = await unwrap(api.leads[":id"].$get({ param: param(id) }));
    showThread(side, thread);
  } catch (err) {
    if (!unauthorized(err)) console.warn("Could not reload the thread:", err);
  }
}

/** The provider sets the lead's status (New / Replied / Quoted / Won / Lost). */
export async function setLeadStatus(id: string, status: LeadStatus): Promise<boolean> {
  try {
    const thread = await unwrap(
      api.leads[":id"].status.$patch({ param: param(id), json: { status } }),
    );
    showThread("provider", thread);
    toast({ title: m.leads_status_updated() });
    return true;
  } catch (err) {
    if (!unauthorized(err)) {
      toast({
        title: m.leads_status_failed(),
        description: failureMessage(err, m.leads_try_again()),
        variant: "destructive",
      });
    }
    return false;
  }
}

/** The provider reports the lead as spam; admins see it. Resolves to true when done. */
export async function reportLead(id: string): Promise<boolean> {
  try {
    await unwrap(api.leads[":id"].report.$post({ param: param(id), json: {} }));
    const t = $thread.get();
    if (t.status === "ready" && t.id === id) {
      $thread.set({ ...t, thread: { ...t.thread, reportedAt: new Date().toISOString() } });
    }
    toast({ title: m.leads_reported(), description: m.leads_reported_text() });
    return true;
  } catch (err) {
    if (!unauthorized(err)) {
      toast({
        title: m.leads_report_failed(),
        description: failureMessage(err, m.leads_try_again()),
        variant: "destructive",
      });
    }
    return false;
  }
}

/** Sends a new request; the caller shows success and failure (it lives in the dialog). */
export async function createLead(payload: LeadCreate): Promise<LeadThread> {
  const thread = await unwrap(api.leads.$post({ json: payload }));
  // 'My Requests' is not open on a provider page; should it be, it shows the new one too.
  if ($myRequests.get().status !== "idle") void loadMyRequests({ quiet: true });
  return thread;
}
