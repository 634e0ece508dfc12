import { z } from "zod";

/**
 * The Worker's configuration: `[vars]` in wrangler.toml plus secrets set with
 * `wrangler secret put` (README "Production"). Checked once per isolate, so a
 * missing secret fails loudly on the first request instead of half-working.
 */
export const workerEnvSchema = z.object({
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
  /** Local proof only: the fake Google's endpoints. */
  GOOGLE_AUTH_URL: z.url().optional(),
  GOOGLE_TOKEN_URL: z.url().optional(),
  /** Where the Cron Trigger asks for a rebuild (GitHub repository_dispatch or any CI hook). */
  DEPLOY_HOOK_URL: z.url().optional(),
  /** Secret: bearer token for the deploy hook. */
  DEPLOY_HOOK_TOKEN: z.string().min(1).optional(),
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
