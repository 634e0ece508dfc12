import { z } from "zod";

/** Runtime configuration, from the environment; every value is optional. */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  PUBLIC_SITE_URL: z.url().optional(),
  /** Milliseconds the local publisher waits after the last change before rebuilding. */
  PUBLISH_DEBOUNCE_MS: z.coerce.number().int().min(0).default(5000),
  /**
   * Least time from the end of one local build to the start of the next, so
   * frequent saves cannot keep the machine building.
   */
  PUBLISH_MIN_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  /** HTTP email API (e.g. https://api.resend.com/emails); unset = the local outbox mailer. */
  MAIL_API_URL: z.url().optional(),
  MAIL_API_KEY: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  /**
   * Take the client IP from the right-most X-Forwarded-For hop, the one the proxy
   * appended (only behind a proxy you run; hops to its left are client-forged).
   */
  TRUST_PROXY: z
    .enum(["0", "1", "true", "false"])
    .default("0")
    .transform((v) => v === "1" || v === "true"),
  /** Google sign-in (both or neither); without them the Google button answers 503. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Tests only: a fake Google's endpoints instead of Google's own. */
  GOOGLE_AUTH_URL: z.url().optional(),
  GOOGLE_TOKEN_URL: z.url().optional(),
});
export type Env = z.infer<typeof envSchema>;

export function parseEnv(env: Record<string, string | undefined>): Env {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== "")),
  );
  if (!parsed.success) {
    const msg = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${msg}`);
  }
  return parsed.data;
}

/** The public origin used in canonical links and the sitemap. */
export function siteUrl(env: Env): string {
  return (env.PUBLIC_SITE_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/+$/, "");
}
