/** Ports the app receives from its runtime entry (Node or Worker). */

export interface StoredBlob {
  body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>;
  contentType: string;
  size: number;
}

/** Images and other uploads, by key (`providers/{owner}/…`). Disk locally, R2 in production. */
export interface BlobStore {
  get(key: string): Promise<StoredBlob | null>;
  put(key: string, bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * One page of the keys starting with `prefix`, in key order, with when each
   * was stored. Pass the answer's `cursor` back for the next page; none means
   * this was the last. A page may hold fewer than `limit` keys and still not be
   * the last.
   */
  list(opts: { prefix: string; cursor?: string; limit?: number }): Promise<BlobPage>;
}

export interface BlobPage {
  blobs: { key: string; uploaded: Date }[];
  cursor?: string;
}

/** Read access to the built static site, for the fallbacks (live shells, 404 page). */
export interface AssetStore {
  /** The file at `path` (e.g. `/404.html`) as a Response, or null when absent. */
  fetch(path: string): Promise<Response | null>;
}

/** Tells the publisher that public data changed, so pre-rendered pages are stale. */
export interface Publisher {
  markDirty(reason: string): void;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * How long the message is worth sending: the life of the links in it. Past
   * that the mail queue gives it up and drops its body. Default: one hour,
   * the shortest link life (a password reset).
   */
  validForMs?: number;
}

export interface MailSendOptions {
  /**
   * The same for every try of one message, so the mail API can drop a repeat
   * (sent as the `Idempotency-Key` header).
   */
  idempotencyKey?: string;
  /** Aborted when the caller stops waiting. */
  signal?: AbortSignal;
}

/**
 * Sends mail. The app's mailer is the durable queue (functions/lib/queued-mailer.ts)
 * in front of a transport: locally printed and written to `$DATA_DIR/outbox`, in
 * production an HTTP email API.
 */
export interface Mailer {
  send(message: MailMessage, opts?: MailSendOptions): Promise<void>;
}
