import type { MiddlewareHandler } from "hono";
import { installErrorTable, localizeError } from "../../src/i18n/errors.ts";
import { translateError } from "../../src/i18n/error-table.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { requestLocale } from "./locale.ts";

/**
 * The API's sentences in the reader's language (decision 022). Every route
 * keeps answering the spec's English (`{ "error": … }`, and the account
 * endpoints' `{ "message": … }`); for a request from an Urdu page this one
 * step rewrites those sentences through the error catalogue
 * (messages/errors), keeping the status, the headers and every other field.
 * English answers pass untouched, byte for byte.
 */
installErrorTable(translateError);

export const localizeErrors: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const locale = requestLocale(c);
  if (locale === "en") return;
  const res = c.res;
  const field = res.status >= 400 ? "error" : accountMessage(c.req.path) ? "message" : null;
  if (!field || !res.headers.get("Content-Type")?.startsWith("application/json")) return;
  const text = await res.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return;
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return;
  const record = body as Record<string, unknown>;
  const sentence = record[field];
  if (typeof sentence !== "string") return;
  const translated = localizeError(sentence, locale);
  if (translated === sentence) return;
  const out = JSON.stringify({ ...record, [field]: translated });
  const headers = new Headers(res.headers);
  if (headers.has("Content-Length")) {
    headers.set("Content-Length", String(new TextEncoder().encode(out).byteLength));
  }
  // Unset first: Hono copies the old answer's headers onto a new one, Content-Length too.
  c.res = undefined;
  c.res = new Response(out, { status: res.status, statusText: res.statusText, headers });
};

/** The account endpoints answer what they did in a sentence the page shows as it is. */
function accountMessage(path: string): boolean {
  return path.startsWith("/api/auth/");
}
