import { decodeBase64, encodeBase64 } from "@oslojs/encoding";
import type { Db } from "../../db/client.ts";
import {
  claimDueMail,
  expireUnsentMail,
  insertClaimedMail,
  type ClaimedMailRow,
  markMailFailed,
  markMailSent,
  scheduleMailRetry,
  type OutboxRow,
} from "../../db/queries/mail-outbox.ts";
import type { Mailer, MailMessage } from "../ports/types.ts";
import { consoleEventLogger, maskEmail, type EventLogger } from "./events.ts";

/**
 * The durable mail queue (docs/decisions/018-mail-queue.md). `send()` stores
 * the message in `mail_outbox` first, then tries the transport once and
 * waits for it at most a few seconds; whatever the transport does, the
 * request goes on. `drain()` (every minute on Node, every five on the
 * Worker's Cron Trigger) sends what is due, under a lease, with the row's
 * idempotency key, retrying with exponential backoff up to a number of
 * attempts.
 *
 * Never lost: the row is written before the mail API is called. Never sent
 * twice: a row is leased to one sender at a time, and every try carries the
 * same idempotency key. One window is left, and only the key closes it: the
 * API took the message but the sender died (or lost the answer) before it
 * marked the row sent; the row is tried again, and the API, seeing the key
 * again within its window (24 hours at Resend, longer than any row lives),
 * answers without sending.
 */

const MINUTE_MS = 60_000;
/** The shortest life of an emailed link (a password reset): the default for a message. */
export const DEFAULT_MAIL_VALID_FOR_MS = 60 * MINUTE_MS;
/** Tries (the first one included) before a message is given up on. */
export const MAIL_MAX_ATTEMPTS = 8;
/** How long a sender holds a row: longer than a batch of sends can take (BATCH × timeout). */
export const MAIL_LEASE_MS = 2 * MINUTE_MS;
const IMMEDIATE_TIMEOUT_MS = 5_000;
const DRAIN_SEND_TIMEOUT_MS = 10_000;
const BATCH = 10;
/** One drain sends at most this many; the next drain takes the rest. */
const MAX_PER_DRAIN = 100;

/** Wait after the `attempts`-th failed try: 1, 2, 4, … minutes, at most an hour. */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(MINUTE_MS * 2 ** Math.max(0, attempts - 1), 60 * MINUTE_MS);
}

export interface DrainReport {
  sent: number;
  retried: number;
  /** Given up: out of attempts or unreadable. */
  failed: number;
  /** Given up: its links expired before it could be sent. */
  expired: number;
}

/**
 * A message sealed into its queue row but not stored yet: the caller stores
 * `row` (insertClaimedMail) in the transaction of what the message announces,
 * so a sign-up's user, its token and its mail are written together or not at
 * all, then hands it to `deliver` once that transaction has committed.
 */
export interface PreparedMail {
  readonly row: ClaimedMailRow;
  /** @internal What `deliver` sends. */
  readonly message: MailMessage;
}

export interface QueuedMailer extends Mailer {
  /** Sends what is due at `now`; safe to run from several places at once. */
  drain(now?: Date): Promise<DrainReport>;
  /** Seals `message` into a row leased to this sender, for the caller to store. */
  prepare(message: MailMessage): Promise<PreparedMail>;
  /**
   * The first try of a prepared message whose row is stored (committed); waits
   * for the transport at most a few seconds, like `send`. Never throws: the
   * drain retries what this could not send.
   */
  deliver(prepared: PreparedMail): Promise<void>;
}

export interface MailQueueOptions {
  db: Db;
  /** What actually sends: the HTTP mail API, or the local outbox folder. */
  transport: Mailer;
  clock?: () => Date;
  /**
   * The secret the bodies' encryption key is derived from; without one they
   * are stored as plain JSON (local runs, whose outbox is plain files anyway).
   */
  secret?: string | undefined;
  logEvent?: EventLogger | undefined;
  logError?: ((err: unknown, context: string) => void) | undefined;
  /** How long `send()` waits for the transport before leaving the message to the drain. */
  immediateTimeoutMs?: number;
  /** How long the drain waits for each send. */
  sendTimeoutMs?: number;
  maxAttempts?: number;
}

export function mailQueue(opts: MailQueueOptions): QueuedMailer {
  const { db, transport } = opts;
  const clock = opts.clock ?? (() => new Date());
  const logEvent = opts.logEvent ?? consoleEventLogger;
  const logError = opts.logError ?? ((err, ctx) => console.error(`[karkhana] ${ctx}`, err));
  const maxAttempts = opts.maxAttempts ?? MAIL_MAX_ATTEMPTS;
  const key = opts.secret ? bodyKey(opts.secret) : null;

  function gaveUp(
    row: Pick<OutboxRow, "id" | "recipient" | "subject" | "attempts">,
    reason: string,
  ) {
    logEvent({
      event: "mail.failed",
      mailId: row.id,
      email: maskEmail(row.recipient),
      subject: row.subject,
      attempts: row.attempts,
      reason,
    });
  }

  type Held = Pick<OutboxRow, "id" | "idempotencyKey" | "recipient" | "subject" | "attempts"> & {
    leaseId: string;
  };

  /**
   * One try of a row this sender holds, and what it leaves the row as; the
   * next try is timed from `at` (the drain's time), else from now. Never throws.
   */
  async function attempt(
    row: Held,
    message: MailMessage,
    timeoutMs: number,
    at?: Date,
  ): Promise<"sent" | "retried" | "failed"> {
    const error = await sendWithin(transport, message, row.idempotencyKey, timeoutMs);
    try {
      const now = at ?? clock();
      if (error === null) {
        await markMailSent(db, row.id, now);
        return "sent";
      }
      logError(
        new Error(error),
        `mail to ${maskEmail(row.recipient)} failed (attempt ${row.attempts} of ${maxAttempts})`,
      );
      if (row.attempts >= maxAttempts) {
        if (await markMailFailed(db, row.id, row.leaseId, now, error)) gaveUp(row, error);
        return "failed";
      }
      const next = new Date(now.getTime() + mailRetryDelayMs(row.attempts));
      await scheduleMailRetry(db, row.id, row.leaseId, next, error);
      return "retried";
    } catch (err) {
      // The database is out of reach: the lease runs out and a later drain tries again,
      // with the same key, so a message that did go out is not sent twice.
      logError(err, "mail queue: could not record a send");
      return error === null ? "sent" : "retried";
    }
  }

  async function prepare(message: MailMessage): Promise<PreparedMail> {
    const now = clock();
    const id = crypto.randomUUID();
    const validFor = message.validForMs ?? DEFAULT_MAIL_VALID_FOR_MS;
    const { to, subject, text, html } = message;
    return {
      row: {
        id,
        idempotencyKey: `mail-${id}`,
        recipient: to,
        subject,
        body: await sealBody(key, id, { text, html }),
        leaseId: crypto.randomUUID(),
        leaseUntil: new Date(now.getTime() + MAIL_LEASE_MS),
        // If this process dies during the first try, the drain takes over from here.
        nextAttemptAt: new Date(now.getTime() + mailRetryDelayMs(1)),
        expiresAt: new Date(now.getTime() + validFor),
        now,
      },
      message: { to, subject, text, html },
    };
  }

  async function deliver({ row, message }: PreparedMail): Promise<void> {
    const held: Held = { ...row, attempts: 1 };
    const timeout = opts.immediateTimeoutMs ?? IMMEDIATE_TIMEOUT_MS;
    await attempt(held, message, timeout, row.now);
  }

  return {
    prepare,
    deliver,

    async send(message) {
      const prepared = await prepare(message);
      // A failure here fails the request: the message could not be kept.
      await insertClaimedMail(db, prepared.row);
      await deliver(prepared);
    },

    async drain(now = clock()) {
      const report: DrainReport = { sent: 0, retried: 0, failed: 0, expired: 0 };
      for (const row of await expireUnsentMail(db, now)) {
        report.expired++;
        gaveUp(row, "expired");
      }
      let claimed = 0;
      while (claimed < MAX_PER_DRAIN) {
        const leaseId = crypto.randomUUID();
        const rows = await claimDueMail(db, {
          now,
          leaseId,
          leaseUntil: new Date(now.getTime() + MAIL_LEASE_MS),
          limit: Math.min(BATCH, MAX_PER_DRAIN - claimed),
        });
        if (rows.length === 0) break;
        claimed += rows.length;
        let anySent = false;
        for (const row of rows) {
          const held: Held = { ...row, leaseId };
          let message: MailMessage;
          try {
            message = { to: row.recipient, subject: row.subject, ...(await openBody(key, row)) };
          } catch {
            // Encrypted under another key (MAIL_API_KEY rotated) or damaged: it cannot be sent.
            if (await markMailFailed(db, row.id, leaseId, now, "unreadable")) {
              gaveUp(row, "unreadable");
            }
            report.failed++;
            continue;
          }
          const timeout = opts.sendTimeoutMs ?? DRAIN_SEND_TIMEOUT_MS;
          const outcome = await attempt(held, message, timeout, now);
          report[outcome]++;
          anySent ||= outcome === "sent";
        }
        // Nothing went through: the API is down; the rest waits for the next drain.
        if (!anySent) break;
      }
      return report;
    },
  };
}

/**
 * One send, waited for at most `timeoutMs`: null when the transport took it,
 * else why not (short, never the body). A send still running at the timeout
 * is aborted; whether or not the API got it, the retry's key settles it.
 */
async function sendWithin(
  transport: Mailer,
  message: MailMessage,
  idempotencyKey: string,
  timeoutMs: number,
): Promise<string | null> {
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const sending = transport.send(message, { idempotencyKey, signal: abort.signal });
  // Settles later, or never, once the race below is over: nobody must be left to hear it fail.
  sending.catch(() => undefined);
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  try {
    if ((await Promise.race([sending, timedOut])) === "timeout") {
      abort.abort(new Error("timed out"));
      return `no answer within ${timeoutMs} ms`;
    }
    return null;
  } catch (err) {
    return (err instanceof Error ? err.message : String(err)).slice(0, 200);
  } finally {
    clearTimeout(timer);
  }
}

interface Body {
  text: string;
  html: string;
}

const SEALED = "enc1:";
const utf8 = new TextEncoder();

/**
 * AES-256-GCM key for the bodies, derived (HKDF-SHA-256) from a secret kept
 * outside the database, so a copy of the database alone does not hold
 * usable links (WebCrypto: the same on Node and workerd).
 */
async function bodyKey(secret: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", utf8.encode(secret), "HKDF", false, [
    "deriveKey",
  ]);
  return crypto.subtle.deriveKey(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: utf8.encode("karkhana mail_outbox"),
      info: utf8.encode("body v1"),
    },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** The stored form of a body: `enc1:` + base64(iv ‖ ciphertext), bound to its row id. */
async function sealBody(key: Promise<CryptoKey> | null, id: string, body: Body): Promise<string> {
  const json = JSON.stringify(body);
  if (!key) return json;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: utf8.encode(id) },
    await key,
    utf8.encode(json),
  );
  const out = new Uint8Array(iv.length + sealed.byteLength);
  out.set(iv);
  out.set(new Uint8Array(sealed), iv.length);
  return SEALED + encodeBase64(out);
}

async function openBody(
  key: Promise<CryptoKey> | null,
  row: Pick<OutboxRow, "id" | "body">,
): Promise<Body> {
  if (row.body === null) throw new Error("no body");
  let json = row.body;
  if (json.startsWith(SEALED)) {
    if (!key) throw new Error("sealed body without a key");
    const bytes = decodeBase64(json.slice(SEALED.length));
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.slice(0, 12), additionalData: utf8.encode(row.id) },
      await key,
      bytes.slice(12),
    );
    json = new TextDecoder().decode(plain);
  }
  const body = JSON.parse(json) as Partial<Body>;
  if (typeof body.text !== "string" || typeof body.html !== "string") {
    throw new Error("malformed body");
  }
  return { text: body.text, html: body.html };
}

/** Whether the app's mailer is a queue that housekeeping should drain. */
export function isQueuedMailer(mailer: Mailer): mailer is QueuedMailer {
  return typeof (mailer as Partial<QueuedMailer>).drain === "function";
}
