import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";

/** An error the API answers with its own status and message (never a stack). */
export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(status: ContentfulStatusCode, message: string) {
    super(message);
    this.status = status;
  }
}

/**
 * `decodeURIComponent` that answers null for a malformed escape (`%C0`, `%`,
 * `%E0%A4`) instead of throwing a URIError that would become a 500.
 */
export function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** One readable sentence from zod issues: "limit: limit must be …; city: unknown city 'x'". */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message))
    .join("; ");
}

/** Parses the query string with `schema`; 400 with a clear message otherwise. */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const result = schema.safeParse(c.req.query());
  if (!result.success) throw new HttpError(400, `Invalid query: ${describeIssues(result.error)}`);
  return result.data;
}

/** Parses a path parameter with `schema`; `status` (404 by default) otherwise. */
export function parseParam<S extends z.ZodType>(
  c: Context,
  name: string,
  schema: S,
  status: ContentfulStatusCode = 404,
  message = "Not found",
): z.infer<S> {
  const result = schema.safeParse(c.req.param(name));
  if (!result.success) throw new HttpError(status, message);
  return result.data;
}

/** Parses a JSON body with `schema`: 400 for malformed JSON or invalid fields. */
export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError(400, "Invalid request: the body must be JSON");
  }
  const result = schema.safeParse(body);
  if (!result.success) throw new HttpError(400, describeIssues(result.error));
  return result.data;
}
