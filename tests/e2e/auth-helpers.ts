import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

/** The e2e server's mail outbox (playwright.config.ts gives the server DATA_DIR=${E2E_DIR}/data). */
const OUTBOX = resolve(process.env.E2E_DIR || ".e2e", "data", "outbox");

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A unique address per run and test, so runs never collide with earlier accounts. */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@karkhana.example`;
}

/** A password the server's common-password check will not reject. */
export const E2E_PASSWORD = "Karkhana-e2e-Str0ng-pass";

async function newestMessageTo(email: string): Promise<OutboxMessage | null> {
  let files: string[];
  try {
    files = await readdir(OUTBOX);
  } catch {
    return null;
  }
  // File names start with an ISO timestamp, so the last one sorted is the newest.
  for (const name of files
    .filter((f) => f.endsWith(".json"))
    .sort()
    .reverse()) {
    const msg = JSON.parse(await readFile(join(OUTBOX, name), "utf8")) as OutboxMessage;
    if (msg.to.toLowerCase() === email.toLowerCase()) return msg;
  }
  return null;
}

/** The path of the newest confirmation link mailed to `email` (waits for the mail). */
export async function confirmationLink(email: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const msg = await newestMessageTo(email);
        const m = msg
          ? /https?:\/\/[^\s"'<>]+\/api\/auth\/confirm\?token=[^\s"'<>]+/.exec(msg.text)
          : null;
        link = m ? m[0] : null;
        return link;
      },
      { message: `a confirmation email to ${email}` },
    )
    .not.toBeNull();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/** Signs in over the API; the page's browser context gets the session cookie. */
export async function signInViaApi(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  password: string,
): Promise<void> {
  const res = await request.post("/api/auth/signin", {
    data: { email, password },
    headers: { Origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export const DEMO = {
  customer: {
    email: "customer@karkhana.example",
    password: "Karkhana-demo-customer-1",
    firstName: "Ayesha",
  },
  provider: {
    email: "provider@karkhana.example",
    password: "Karkhana-demo-provider-1",
    firstName: "Bilal",
  },
  admin: { email: "admin@karkhana.example", password: "Karkhana-demo-admin-1", firstName: "Sana" },
} as const;

/**
 * The toast viewport. Radix also copies each toast into a hidden live region
 * for screen readers; scoping to the viewport avoids matching that copy.
 */
export function toasts(page: Page): Locator {
  return page.getByRole("region", { name: /^Notification/ });
}
