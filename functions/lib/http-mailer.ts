import type { Mailer } from "../ports/types.ts";

export interface HttpMailerConfig {
  /** e.g. https://api.resend.com/emails — any API taking {from,to,subject,text,html} JSON. */
  url: string;
  apiKey: string;
  from: string;
}

/** Production mailer: one JSON POST per message with a bearer key. */
export function httpMailer(config: HttpMailerConfig, fetchFn: typeof fetch = fetch): Mailer {
  return {
    async send(message) {
      const res = await fetchFn(config.url, {
        method: "POST",
        headers: { Authorization: `Bearer ${config.apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({ from: config.from, ...message }),
      });
      if (!res.ok) {
        const body = (await res.text()).slice(0, 300);
        throw new Error(`mail API answered ${res.status}: ${body}`);
      }
    },
  };
}
