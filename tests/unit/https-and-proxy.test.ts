import { astroPageRenderer } from "../../functions/pages/renderer.ts";
import { fakeAstroApp } from "../helpers/fake-pages.ts";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Context } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../functions/config.ts";
import { headersFile, STRICT_TRANSPORT_SECURITY } from "../../functions/lib/security-headers.ts";
import { nodeDeps } from "../../functions/node/deps.ts";
import { nodeHandler } from "../../functions/node/server.ts";
import { SiteRoot } from "../../functions/node/static-site.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

const HSTS = "Strict-Transport-Security";

describe("HSTS", () => {
  let https: TestApp;
  let http: TestApp;
  let siteDir: string;
  beforeAll(async () => {
    [https, http] = await Promise.all([
      makeTestApp({ siteUrl: "https://karkhana.example" }),
      makeTestApp(),
    ]);
    siteDir = await mkdtemp(join(tmpdir(), "karkhana-hsts-"));
    await mkdir(join(siteDir, "_astro"));
    await writeFile(join(siteDir, "index.html"), "<!doctype html><title>home</title>");
    await writeFile(join(siteDir, "_astro", "a.css"), "body{}");
  });
  afterAll(async () => {
    await Promise.all([https.close(), http.close(), rm(siteDir, { recursive: true, force: true })]);
  });

  it.each(["/api/health", "/api/nope", "/media/nope.jpg", "/nope"])(
    "the app sends it on %s when the site is https",
    async (path) => {
      const res = await https.app.request(path);
      expect(res.headers.get(HSTS)).toBe(STRICT_TRANSPORT_SECURITY);
      expect((await http.app.request(path)).headers.get(HSTS)).toBeNull();
    },
  );

  it("the app sends it on a request that arrived over https, whatever the site URL", async () => {
    const res = await http.app.request("https://127.0.0.1:4321/api/health");
    expect(res.headers.get(HSTS)).toBe(STRICT_TRANSPORT_SECURITY);
  });

  it("the Node static handler sends it on every file of an https site only", async () => {
    const site = new SiteRoot(siteDir);
    const secure = nodeHandler(site, https.app, { siteUrl: "https://karkhana.example" });
    const local = nodeHandler(site, http.app, { siteUrl: "http://127.0.0.1:4321" });
    for (const path of ["/", "/_astro/a.css"]) {
      const res = await secure.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get(HSTS)).toBe(STRICT_TRANSPORT_SECURITY);
      expect((await local.request(path)).headers.get(HSTS)).toBeNull();
    }
  });

  it("the Cloudflare _headers file carries it for an https build only", () => {
    expect(headersFile("https://karkhana.pk")).toContain(`/*\n  Content-Security-Policy: `);
    expect(headersFile("https://karkhana.pk")).toContain(
      `  ${HSTS}: ${STRICT_TRANSPORT_SECURITY}\n`,
    );
    expect(headersFile("http://127.0.0.1:8787")).not.toContain(HSTS);
  });
});

describe("the Node entry's client IP", () => {
  const ctx = (headers: Record<string, string>, socket = "::ffff:10.0.0.5") =>
    ({
      req: { header: (name: string) => headers[name.toLowerCase()] },
      env: { incoming: { socket: { remoteAddress: socket, remotePort: 1, remoteFamily: "IPv6" } } },
    }) as unknown as Context;
  const depsWith = (trustProxy: string) =>
    nodeDeps(parseEnv({ TRUST_PROXY: trustProxy }), {
      db: null as never,
      site: new SiteRoot(tmpdir()),
      publisher: { markDirty: () => {} },
      pages: astroPageRenderer(() => fakeAstroApp(), null),
      dataDir: tmpdir(),
      google: null,
    });

  it("takes the right-most X-Forwarded-For hop with TRUST_PROXY=1, not the forged left one", () => {
    const { clientIp } = depsWith("1");
    expect(clientIp(ctx({ "x-forwarded-for": "6.6.6.6, 203.0.113.9" }))).toBe("203.0.113.9");
    expect(clientIp(ctx({ "x-forwarded-for": "6.6.6.6, 2001:db8:1:2:3:4:5:6" }))).toBe(
      "2001:db8:1:2::/64",
    );
    // No header (a request that did not come through the proxy): the socket.
    expect(clientIp(ctx({}))).toBe("10.0.0.5");
  });

  it("ignores X-Forwarded-For without TRUST_PROXY and keys the socket address", () => {
    const { clientIp } = depsWith("0");
    expect(clientIp(ctx({ "x-forwarded-for": "203.0.113.9" }))).toBe("10.0.0.5");
    expect(clientIp(ctx({}, "2001:db8:aa:bb:1::9"))).toBe("2001:db8:aa:bb::/64");
  });
});
