import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from "@playwright/test";
import { openDb, type Db } from "../../db/client.ts";
import { createUser } from "../../db/seed/factories.ts";
import { createSession } from "../../functions/auth/session.ts";
import { sessionCookieName } from "../../functions/middleware/session.ts";
import { SESSION_HINT_VALUE, sessionHintCookieName } from "../../src/lib/session-hint.ts";

/** The e2e server's data (playwright.config.ts gives the server DATA_DIR=${E2E_DIR}/data). */
const DATA_DIR = resolve(process.env.E2E_DIR || ".e2e", "data");
const OUTBOX = join(DATA_DIR, "outbox");

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
    let msg: OutboxMessage;
    try {
      msg = JSON.parse(await readFile(join(OUTBOX, name), "utf8")) as OutboxMessage;
    } catch {
      // The server sends mail in the background: a file still being written is read next poll.
      continue;
    }
    if (msg.to.toLowerCase() === email.toLowerCase()) return msg;
  }
  return null;
}

/**
 * The path of the newest emailed link to `page` (`/confirm-email` or
 * `/reset-password`) mailed to `email`, token in its fragment (waits for the mail).
 */
async function emailedLink(email: string, page: string, what: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"'<>]+${page}#token=[^\\s"'<>]+`);
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const msg = await newestMessageTo(email);
        link = msg ? (pattern.exec(msg.text)?.[0] ?? null) : null;
        return link;
      },
      { message: `${what} to ${email}` },
    )
    .not.toBeNull();
  const url = new URL(link!);
  return `${url.pathname}${url.hash}`;
}

/** `/confirm-email#token=…` from the newest confirmation email to `email`. */
export function confirmationLink(email: string): Promise<string> {
  return emailedLink(email, "/confirm-email", "a confirmation email");
}

/** `/reset-password#token=…` from the newest password-reset email to `email`. */
export function resetLink(email: string): Promise<string> {
  return emailedLink(email, "/reset-password", "a password-reset email");
}

/** `/claim-listing/confirm#token=…` (or its Urdu twin) from the newest claim link mailed to `email`. */
export function claimLink(email: string): Promise<string> {
  return emailedLink(email, "/claim-listing/confirm", "a claim link");
}

/**
 * Opens the emailed confirmation link and presses its button, as a person does
 * (opening the link alone confirms nothing); ends on the portal's sign-in page.
 */
export async function confirmEmailInPage(page: Page, email: string): Promise<void> {
  await page.goto(await confirmationLink(email));
  const button = page.getByRole("button", { name: "Confirm email address" });
  await expect(button).toBeVisible();
  await button.click();
}

/** Confirms over the API, for tests about something else: the token from the emailed link. */
export async function confirmEmailViaApi(
  request: APIRequestContext,
  baseURL: string,
  email: string,
): Promise<void> {
  const token = new URLSearchParams((await confirmationLink(email)).split("#")[1]).get("token");
  const res = await request.post("/api/auth/confirm", {
    data: { token },
    headers: { Origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * A new provider account through the API (sign-up, the mailed confirmation,
 * sign-in), signed in on `request`; answers its email.
 */
export async function signUpProvider(
  request: APIRequestContext,
  baseURL: string,
  tag: string,
  name: { firstName: string; lastName: string } = { firstName: "Nadia", lastName: "Qureshi" },
): Promise<string> {
  const email = uniqueEmail(tag);
  const res = await request.post("/api/auth/signup", {
    data: { email, password: E2E_PASSWORD, ...name, role: "provider" },
    headers: { Origin: baseURL },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await confirmEmailViaApi(request, baseURL, email);
  await signInViaApi(request, baseURL, email, E2E_PASSWORD);
  return email;
}

let db: Promise<Db> | null = null;
/** The e2e server's database, one connection per test worker. */
export const e2eDatabase = () => (db ??= openDb({ url: `file:${DATA_DIR}/karkhana.db` }));

export interface TestAccount {
  id: string;
  email: string;
  password: string;
}

/**
 * A new confirmed account (a customer unless `role` says otherwise), made straight in
 * the e2e server's database with the seed's factory (A4's "log in through the
 * database"): no mail to wait for, and no sign-up throttle spent on tests that are
 * about something else.
 */
export async function createAccount(
  tag: string,
  opts: {
    role?: "customer" | "provider" | "admin";
    firstName?: string;
    lastName?: string;
  } = {},
): Promise<TestAccount> {
  const email = uniqueEmail(tag);
  const id = await createUser(await e2eDatabase(), {
    email,
    password: E2E_PASSWORD,
    role: opts.role ?? "customer",
    firstName: opts.firstName ?? "Farah",
    lastName: opts.lastName ?? "Malik",
    confirmed: true,
  });
  return { id, email, password: E2E_PASSWORD };
}

/** User agents for sessions made in the database, so each reads as a known device. */
export const USER_AGENTS = {
  desktop:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
  phone:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36",
} as const;

/**
 * Signs `context` in by creating the session in the database and handing the
 * browser its cookie, the way the server's sign-in does. Spares the per-IP
 * sign-in throttle (30 per 15 minutes) that every test shares from 127.0.0.1.
 */
export async function signInViaDb(
  context: BrowserContext,
  baseURL: string,
  account: TestAccount,
  userAgent: string = USER_AGENTS.desktop,
): Promise<void> {
  const { token, expiresAt } = await createSession(
    await e2eDatabase(),
    account.id,
    new Date(),
    userAgent,
  );
  // Plain http here, so the cookies have the server's non-__Host- names
  // (functions/middleware/session.ts); the signed-in hint goes with the session, as there.
  const expires = Math.floor(expiresAt.getTime() / 1000);
  await context.addCookies([
    {
      name: sessionCookieName(false),
      value: token,
      url: baseURL,
      httpOnly: true,
      sameSite: "Lax",
      expires,
    },
    {
      name: sessionHintCookieName(false),
      value: SESSION_HINT_VALUE,
      url: baseURL,
      httpOnly: false,
      sameSite: "Lax",
      expires,
    },
  ]);
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
