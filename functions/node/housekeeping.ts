import type { AppDeps } from "../ports/app-env.ts";
import { recomputeReplyTimes } from "../../db/queries/reply-times.ts";
import { describeDrain, describeReplyTimes, pruneExpiredRows } from "../lib/housekeeping.ts";
import { isQueuedMailer, type QueuedMailer } from "../lib/queued-mailer.ts";
import { describeSweep, sweepOrphanUploads } from "../lib/media-sweep.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The Node runtime's stand-in for the Worker's daily Cron Trigger: sweeps
 * orphaned uploads a few minutes after start (out of the way of startup and
 * the first build) and then every 24 hours. The timer is unref'ed, so it
 * never keeps the process alive, and a failed sweep is logged, never thrown:
 * housekeeping must not take the server down. Answers a function that stops it.
 */
export function startOrphanSweeps(
  deps: Pick<AppDeps, "db" | "blobs" | "clock" | "logError">,
  opts: { firstDelayMs?: number; everyMs?: number; log?: (line: string) => void } = {},
): () => void {
  const { firstDelayMs = 5 * 60 * 1000, everyMs = DAY_MS } = opts;
  const log = opts.log ?? ((line: string) => console.log(`[karkhana] ${line}`));
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => void run(), ms); // run() catches and logs its own failures
    timer.unref();
  };
  // The next sweep is timed from the end of this one, so two never overlap.
  const run = async () => {
    try {
      const { db, blobs, clock, logError } = deps;
      log(describeSweep(await sweepOrphanUploads({ db, blobs, now: clock(), logError })));
    } catch (err) {
      (deps.logError ?? ((e, ctx) => console.error(`[karkhana] ${ctx}`, e)))(
        err,
        "orphaned upload sweep failed",
      );
    }
    schedule(everyMs);
  };
  schedule(firstDelayMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Sends the mail queue's due messages every minute (retries, and what a
 * previous process left behind), the first time shortly after start. Timed
 * from the end of each drain, unref'ed, never thrown from: like the sweeps.
 * Other processes on the same database may drain too; the rows' leases keep
 * them from sending one message twice. Answers a function that stops it.
 */
export function startMailDrains(
  mailer: QueuedMailer,
  deps: Pick<AppDeps, "clock" | "logError">,
  opts: { firstDelayMs?: number; everyMs?: number; log?: (line: string) => void } = {},
): () => void {
  const { firstDelayMs = 10 * 1000, everyMs = MINUTE_MS } = opts;
  const log = opts.log ?? ((line: string) => console.log(`[karkhana] ${line}`));
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => void run(), ms); // run() catches and logs its own failures
    timer.unref();
  };
  const run = async () => {
    try {
      const line = describeDrain(await mailer.drain(deps.clock()));
      if (line) log(line);
    } catch (err) {
      (deps.logError ?? ((e, ctx) => console.error(`[karkhana] ${ctx}`, e)))(
        err,
        "mail queue drain failed",
      );
    }
    schedule(everyMs);
  };
  schedule(firstDelayMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * Recomputes the measured reply times; when a shown value changed, the
 * server re-reads which pages changed (as after any write), so the next
 * request renders them anew. Logged, never thrown.
 */
export async function refreshReplyTimes(
  deps: Pick<AppDeps, "db" | "clock" | "publisher">,
  log: (line: string) => void = (line) => console.log(`[karkhana] ${line}`),
): Promise<void> {
  try {
    const result = await recomputeReplyTimes(deps.db, deps.clock());
    if (result.pagesMarked > 0) deps.publisher.markDirty("reply times recomputed");
    if (result.changed > 0) log(describeReplyTimes(result));
  } catch (err) {
    console.error("[karkhana] reply time recompute failed", err);
  }
}

/**
 * Everything the Node server does on a timer, the counterpart of the Worker's
 * Cron Triggers: the mail queue every minute, expired rows every hour,
 * orphaned uploads and the measured reply times daily (the recompute reads
 * every recent lead: about 2 s at 100,000 providers with 300,000 leads, so
 * not hourly). Answers a function that stops them all (graceful close).
 */
export function startHousekeeping(
  deps: Pick<AppDeps, "db" | "blobs" | "clock" | "logError" | "mailer" | "publisher">,
) {
  const pruning = setInterval(() => {
    pruneExpiredRows(deps.db, deps.clock()).catch((err) =>
      console.error("[karkhana] housekeeping failed", err),
    );
  }, HOUR_MS);
  pruning.unref();
  const stopSweeps = startOrphanSweeps(deps);
  const stopDrains = isQueuedMailer(deps.mailer) ? startMailDrains(deps.mailer, deps) : () => {};
  // Daily from a few minutes after start (each build recomputes too, decision 020).
  let stopped = false;
  let replyTimer: ReturnType<typeof setTimeout> | undefined;
  const scheduleReplyTimes = (ms: number) => {
    if (stopped) return;
    replyTimer = setTimeout(() => {
      void refreshReplyTimes(deps).finally(() => scheduleReplyTimes(DAY_MS));
    }, ms);
    replyTimer.unref();
  };
  scheduleReplyTimes(3 * 60 * 1000);
  return () => {
    stopped = true;
    clearInterval(pruning);
    clearTimeout(replyTimer);
    stopSweeps();
    stopDrains();
  };
}
