import type { MiddlewareHandler } from "hono";
import { describeRoute, resolver, uniqueSymbol } from "hono-openapi";
import type { InferInput } from "hono/validator";
import type { z } from "zod";
import { errorSchema } from "../../src/lib/api-schemas.ts";

/**
 * Route descriptions for the OpenAPI document (docs/decisions/016-openapi.md).
 *
 * The handlers keep parsing their own input (functions/lib/http.ts) after
 * their guards, because the order is part of the contract: rate limit, then
 * 401, then 403, then 400 for bad input. A validating middleware would answer
 * 400 before the guards. So the input middlewares below validate nothing:
 * they give the document the input's schema and give Hono's typed client
 * (`hc<AppType>`) the input's type, and the handler parses as before.
 */

/** Who can get a 2xx from an operation (the `x-roles` extension). */
export type ApiRole = "anonymous" | "customer" | "provider" | "admin";

export const ANYONE: ApiRole[] = ["anonymous", "customer", "provider", "admin"];
export const SIGNED_IN: ApiRole[] = ["customer", "provider", "admin"];
export const PROVIDERS: ApiRole[] = ["provider", "admin"];
export const ADMINS: ApiRole[] = ["admin"];

type Header = { description: string; schema: Record<string, unknown> };
type Response = { description: string; headers?: Record<string, Header>; content?: unknown };

const retryAfter: Header = {
  description: "Seconds to wait before trying again.",
  schema: { type: "integer", minimum: 1 },
};

/** Paged lists (decision 002): the total and the next page's link travel in headers. */
export const PAGE_HEADERS: Record<string, Header> = {
  "X-Total-Count": {
    description: "How many items match, over all pages.",
    schema: { type: "integer", minimum: 0 },
  },
  "X-Page": { description: "The page answered.", schema: { type: "integer", minimum: 1 } },
  "X-Per-Page": { description: "The page size used.", schema: { type: "integer", minimum: 1 } },
  Link: {
    description: 'The next page, `<…?page=N&limit=M>; rel="next"`, while there are more.',
    schema: { type: "string" },
  },
};

/** Lists paged by cursor (decision 030): the total and the next page's link travel in headers. */
export const CURSOR_PAGE_HEADERS: Record<string, Header> = {
  "X-Total-Count": PAGE_HEADERS["X-Total-Count"]!,
  "X-Per-Page": PAGE_HEADERS["X-Per-Page"]!,
  Link: {
    description:
      'The next page, `<…?cursor=C&limit=M>; rel="next"`, while there are more; pass its `cursor` back as it is.',
    schema: { type: "string" },
  },
};

export const SET_COOKIE: Record<string, Header> = {
  "Set-Cookie": {
    description:
      "The session cookie (HttpOnly) and the signed-in hint cookie; cleared when a session ends.",
    schema: { type: "string" },
  },
};

export const LOCATION: Record<string, Header> = {
  Location: { description: "Where the browser goes next.", schema: { type: "string" } },
};

/** The default sentence of each error status; a route may say more. */
const ERROR_TEXT: Record<number, string> = {
  400: "Invalid input: `error` says which field and why.",
  401: "Not signed in (`Unauthorized`).",
  403: "Not allowed.",
  404: "Not found.",
  409: "Conflicts with the current state.",
  410: "Gone.",
  413: "Request body too large (64 KB for JSON).",
  415: "Unsupported media type.",
  422: "Unprocessable content.",
  429: "Too many requests: wait `Retry-After` seconds.",
  503: "A backing service (database, image store) is out of reach: retry after `Retry-After` seconds.",
};

export type Errors = Partial<
  Record<400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503, string>
>;

type Reply = {
  description: string;
  schema?: z.ZodType;
  /** Media type of `schema` (or the types it may come as); JSON by default. */
  media?: string | string[];
  headers?: Record<string, Header>;
};

export interface RouteDoc {
  summary: string;
  description?: string;
  tags: string[];
  /** Who gets a 2xx. Anything short of ANYONE needs the session cookie. */
  roles: ApiRole[];
  /** Success answers (2xx and redirects). */
  ok: Record<number, Reply>;
  /** Error answers with their meaning on this route (the default text when ""). */
  errors?: Errors;
  /** The route counts requests (per IP, account or email): 429 with Retry-After. */
  limited?: boolean;
  /** Answers with Set-Cookie (sessions made or ended): added to the 2xx answers. */
  cookies?: boolean;
  /** The operation is gone: it answers 410 with this body, never a 2xx (marked deprecated). */
  gone?: Reply;
  /** A body that is not JSON (the image upload); JSON bodies use jsonBody(). */
  requestBody?: { description: string; required: boolean; content: Record<string, unknown> };
}

function errorReply(status: number, text: string): Response {
  const response: Response = {
    description: text || ERROR_TEXT[status] || "Error.",
    content: { "application/json": { schema: resolver(errorSchema) } },
  };
  if (status === 429 || status === 503) response.headers = { "Retry-After": retryAfter };
  return response;
}

/**
 * Describes one operation. Besides what the route lists, every operation may
 * answer 503 (the session lookup reaches the database on any request that
 * carries a cookie), and every one that takes a body may answer 403 (the
 * Origin check refuses cross-site writes) and 413 (the body limit).
 */
export function route(doc: RouteDoc, method: "get" | "write"): MiddlewareHandler {
  const anonymous = doc.roles.includes("anonymous");
  const responses: Record<string, unknown> = {};
  for (const [status, reply] of Object.entries(doc.ok)) {
    const headers = { ...reply.headers, ...(doc.cookies ? SET_COOKIE : {}) };
    responses[status] = {
      description: reply.description,
      ...(Object.keys(headers).length ? { headers } : {}),
      ...(reply.schema
        ? {
            content: Object.fromEntries(
              [reply.media ?? "application/json"]
                .flat()
                .map((type) => [type, { schema: resolver(reply.schema!) }]),
            ),
          }
        : {}),
    };
  }
  const errors: Errors = { ...doc.errors };
  if (!anonymous) errors[401] ??= "";
  if (!anonymous && doc.roles.length < 3) errors[403] ??= "Signed in without the role this needs.";
  if (method === "write") {
    errors[403] = [errors[403], "Cross-site request refused (the Origin check)."]
      .filter(Boolean)
      .join(" Also: ");
    errors[413] ??= "";
  }
  if (doc.limited) errors[429] ??= "";
  errors[503] ??= "";
  for (const [status, text] of Object.entries(errors)) {
    responses[status] = errorReply(Number(status), text ?? "");
  }
  if (doc.gone?.schema) {
    responses[410] = {
      description: doc.gone.description,
      content: { "application/json": { schema: resolver(doc.gone.schema) } },
    };
  }
  return describeRoute({
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: doc.tags,
    ...(doc.gone ? { deprecated: true } : {}),
    // Anonymous callers may still send the cookie (it adds contact details and such).
    security: anonymous ? [{}, { session: [] }] : [{ session: [] }],
    "x-roles": doc.roles,
    ...(doc.requestBody ? { requestBody: doc.requestBody } : {}),
    responses: responses as never,
  } as Parameters<typeof describeRoute>[0]);
}

/**
 * A middleware that does nothing when the request runs; it carries `schema`
 * for the document and the input type for Hono's typed client.
 */
function documented<M>(
  target: "json" | "query" | "param" | "form",
  schema: z.ZodType,
  media?: string,
) {
  const middleware: MiddlewareHandler = async (_c, next) => {
    await next();
  };
  return Object.assign(middleware, {
    [uniqueSymbol]: { target, ...resolver(schema), options: media ? { media } : undefined },
  }) as unknown as M;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as Hono's own validator types it: a documenting middleware fits every app's Env
type AnyEnv = any;

/** The JSON body the handler parses with `schema` (parseJson). */
export function jsonBody<S extends z.ZodType>(schema: S) {
  return documented<MiddlewareHandler<AnyEnv, string, { in: { json: z.input<S> } }>>(
    "json",
    schema,
  );
}

/** The query string the handler parses with `schema` (parseQuery). */
export function queryOf<S extends z.ZodType>(schema: S) {
  return documented<
    MiddlewareHandler<AnyEnv, string, { in: { query: InferInput<z.input<S>, "query"> } }>
  >("query", schema);
}

/** The path parameters the handler checks with `schema` (parseParam). */
export function paramsOf<S extends z.ZodType>(schema: S) {
  return documented<MiddlewareHandler>("param", schema);
}
