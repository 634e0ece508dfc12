import { z } from "zod";
import { isLocalSiteUrl, isLoopbackHost } from "../../src/lib/local-run.ts";

/**
 * The Worker's configuration: `[vars]` in wrangler.toml plus secrets set with
 * `wrangler secret put` (docs/operations.md, "Production"). Checked once per isolate, so a
 * missing secret fails loudly on the first request instead of half-working.
 */
const baseSchema = z.object({
  /** Turso: `libsql://<db>-<org>.turso.io` (or the local test endpoint's http URL). */
  DATABASE_URL: z.string().regex(/^(libsql|https?):\/\//, {
    error: "DATABASE_URL must be a libsql:// or https:// URL",
  }),
  /** Secret: a Turso database token. */
  DATABASE_AUTH_TOKEN: z.string().min(1).optional(),
  PUBLIC_SITE_URL: z.url({ error: "PUBLIC_SITE_URL must be the site's https:// origin" }),
  MAIL_API_URL: z.url().optional(),
  /** Secret. */
  MAIL_API_KEY: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  /** Secret. */
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Local preview only (see `isLocalPreview`): a fake Google's endpoints on this machine. */
  GOOGLE_AUTH_URL: z.url().optional(),
  GOOGLE_TOKEN_URL: z.url().optional(),
  /** Where the Cron Trigger asks for a rebuild (GitHub repository_dispatch or any CI hook). */
  DEPLOY_HOOK_URL: z.url().optional(),
  /** Secret: bearer token for the deploy hook. */
  DEPLOY_HOOK_TOKEN: z.string().min(1).optional(),
});

/**
 * `npm run preview:worker` serves plain http on 127.0.0.1. That is the only
 * shape in which http and the Google endpoint overrides are allowed: a
 * deployed Worker is never on a loopback host, so it cannot be talked into
 * either by a stray variable.
 */
function isLocalPreview(siteUrl: string): boolean {
  return isLocalSiteUrl(siteUrl);
}

/**
 * On a public host only https: the session cookie is Secure (`__Host-`) and
 * HSTS is sent only there. Google's endpoints are fixed in production, since
 * an override would hand the OAuth code and client secret to another server.
 */
export const workerEnvSchema = baseSchema.superRefine((vars, ctx) => {
  // A malformed URL already has its own issue from the base schema.
  if (!URL.canParse(vars.PUBLIC_SITE_URL)) return;
  const site = new URL(vars.PUBLIC_SITE_URL);
  const local = isLocalPreview(vars.PUBLIC_SITE_URL);
  if (site.protocol !== "https:" && !local) {
    ctx.addIssue({
      code: "custom",
      path: ["PUBLIC_SITE_URL"],
      message: `PUBLIC_SITE_URL must be https:// (http:// only on a loopback host for the local preview), got ${site.origin}`,
    });
  }
  for (const name of ["GOOGLE_AUTH_URL", "GOOGLE_TOKEN_URL"] as const) {
    const value = vars[name];
    if (value === undefined || !URL.canParse(value)) continue;
    if (!local || !isLoopbackHost(new URL(value).hostname)) {
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: `${name} is for a fake Google in the local preview only (a loopback URL with a loopback http PUBLIC_SITE_URL); unset it`,
      });
    }
  }
});
export type WorkerVars = z.infer<typeof workerEnvSchema>;

export function parseWorkerEnv(env: Record<string, unknown>): WorkerVars {
  const strings = Object.fromEntries(
    Object.entries(env).filter(([, v]) => typeof v === "string" && v !== ""),
  );
  const parsed = workerEnvSchema.safeParse(strings);
  if (!parsed.success) {
    const msg = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid Worker configuration: ${msg}`);
  }
  return parsed.data;
}
