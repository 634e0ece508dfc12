import type { Mailer } from "../ports/types.ts";

export interface HttpMailerConfig {
  /** e.g. https://api.resend.com/emails — any API taking {from,to,subject,text,html} JSON. */
  url: string;
  apiKey: string;
  from: string;
}

/**
 * Production transport: one JSON POST per message with a bearer key. The
 * queue's idempotency key goes in the `Idempotency-Key` header: Resend (and
 * APIs shaped like it) then send a repeat of one message only once within 24
 * hours, which covers a retry after an answer lost on the way back.
 */
export function httpMailer(config: HttpMailerConfig, fetchFn: typeof fetch = fetch): Mailer {
  return {
    async send(message, opts = {}) {
      const { to, subject, text, html } = message;
      const res = await fetchFn(config.url, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${config.apiKey}`,
          "Content-Type": "application/json",
          ...(opts.idempotencyKey ? { "Idempotency-Key": opts.idempotencyKey } : {}),
        },
        body: JSON.stringify({ from: config.from, to, subject, text, html }),
        ...(opts.signal ? { signal: opts.signal } : {}),
      });
      if (!res.ok) {
        const body = (await res.text()).slice(0, 300);
        throw new Error(`mail API answered ${res.status}: ${body}`);
      }
      // Drained, so the connection can go back to the pool for the next message.
      await res.arrayBuffer();
    },
  };
}
