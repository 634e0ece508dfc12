import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Mailer } from "../ports/types.ts";

/**
 * The local mailer: prints each message and writes it as JSON (to, subject,
 * text, html) into the outbox folder, one file per message, so a person or a
 * test can open the links in it.
 */
export function outboxMailer(dir: string, log: (line: string) => void = console.log): Mailer {
  let seq = 0;
  return {
    async send(message) {
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = join(dir, `${stamp}-${process.pid}-${++seq}.json`);
      await writeFile(
        file,
        JSON.stringify({ ...message, sentAt: new Date().toISOString() }, null, 2),
      );
      log(`[mail] to ${message.to}: ${message.subject}\n${message.text}\n(saved in ${file})`);
    },
  };
}
