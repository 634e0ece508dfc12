import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Mailer } from "../ports/types.ts";

/**
 * The local transport: prints each message and writes it as JSON (to,
 * subject, text, html) into the outbox folder, one file per message, so a
 * person or a test can open the links in it. Like a mail API, it takes a
 * message with an idempotency key it already has only once: the key ends the
 * file name, and a retry finds the file there.
 */
export function outboxMailer(dir: string, log: (line: string) => void = console.log): Mailer {
  let seq = 0;
  return {
    async send(message, opts = {}) {
      await mkdir(dir, { recursive: true });
      const key = opts.idempotencyKey?.replace(/[^A-Za-z0-9-]/g, "_");
      if (key && (await readdir(dir)).some((name) => name.endsWith(`-${key}.json`))) return;
      // File names start with the time, so they sort in sending order.
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = join(dir, `${stamp}-${process.pid}-${++seq}${key ? `-${key}` : ""}.json`);
      const { to, subject, text, html } = message;
      await writeFile(
        file,
        JSON.stringify({ to, subject, text, html, sentAt: new Date().toISOString() }, null, 2),
      );
      log(`[mail] to ${to}: ${subject}\n${text}\n(saved in ${file})`);
    },
  };
}
