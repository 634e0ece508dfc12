/**
 * Whether a URL or host names this machine only. A deployment is never on a
 * loopback host, so this tells a local run (or the Worker's local preview)
 * from one other people reach.
 */

/** 127.0.0.0/8, ::1 and localhost: addresses only this machine can reach. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}

/** `http://` on a loopback host: the origin of a local run, never of a deployment. */
export function isLocalSiteUrl(siteUrl: string): boolean {
  if (!URL.canParse(siteUrl)) return false;
  const url = new URL(siteUrl);
  return url.protocol === "http:" && isLoopbackHost(url.hostname);
}
