import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  IMMUTABLE,
  REVALIDATE,
  SECURITY_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from "../../functions/lib/security-headers.ts";
import { precompressDir } from "../../functions/node/precompress.ts";
import { nodeHandler } from "../../functions/node/server.ts";
import { acceptedEncodings, staticSiteHandler } from "../../functions/node/static-site.ts";

const page = `<!doctype html><title>Karkhana</title>${"<p>Textile mills in Faisalabad</p>".repeat(200)}`;
const script = `export const cities=${JSON.stringify(Array.from({ length: 300 }, (_, i) => `city-${i}`))};`;
const small = "<!doctype html><title>about</title><p>small</p>";

let root: string;
let site: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "karkhana-static-"));
  site = join(root, "client");
  await mkdir(join(site, "_astro"), { recursive: true });
  await mkdir(join(site, "pk", "lahore"), { recursive: true });
  await mkdir(join(site, "about"), { recursive: true });
  await writeFile(join(root, "secret.txt"), "TOP SECRET");
  await writeFile(join(site, "index.html"), page);
  await writeFile(join(site, "pk", "lahore", "index.html"), page.replace("Faisalabad", "Lahore"));
  await writeFile(join(site, "_astro", "app.Ab12Cd34.js"), script);
  await writeFile(join(site, "about", "index.html"), small);
  await writeFile(
    join(site, "sitemap.xml"),
    `<?xml version="1.0"?><urlset>${"<url/>".repeat(300)}</urlset>`,
  );
  await writeFile(join(site, "logo.png"), new Uint8Array(4096).fill(1));
  await precompressDir(site);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const handler = (siteUrl?: string) => staticSiteHandler(site, { siteUrl });
async function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  const res = await handler()(new Request(`http://k.example${path}`, { method, headers }));
  if (!res) throw new Error(`no answer for ${path}`);
  return res;
}
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe("acceptedEncodings", () => {
  it.each([
    [null, []],
    ["", []],
    ["identity", []],
    ["gzip, deflate, br", ["br", "gzip"]],
    ["gzip, deflate, br, zstd", ["br", "gzip"]],
    ["gzip", ["gzip"]],
    ["x-gzip", ["gzip"]],
    ["br;q=0, gzip", ["gzip"]],
    ["br;q=0.5, gzip;q=0.8", ["gzip", "br"]],
    ["BR, GZIP;Q=0", ["br"]],
    ["*", ["br", "gzip"]],
    ["*;q=0", []],
    ["gzip;q=0, *", ["br"]],
    ["br;q=nonsense, gzip", ["gzip"]],
    [";;,,", []],
  ] as const)("%j → %j", (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});

describe("static files from the Node server", () => {
  it("sends the brotli twin when the client takes br, with the original's type and the twin's length", async () => {
    const res = await get("/", { "Accept-Encoding": "gzip, deflate, br" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("Vary")).toBe("Accept-Encoding");
    const body = await bytes(res);
    expect(Number(res.headers.get("Content-Length"))).toBe(body.length);
    expect(body.length).toBeLessThan(page.length);
    expect(brotliDecompressSync(body).toString()).toBe(page);
  });

  it("sends the gzip twin when br is refused or not named", async () => {
    for (const accept of ["gzip", "br;q=0, gzip"]) {
      const res = await get("/_astro/app.Ab12Cd34.js", { "Accept-Encoding": accept });
      expect(res.headers.get("Content-Encoding")).toBe("gzip");
      expect(res.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
      expect(gunzipSync(await bytes(res)).toString()).toBe(script);
    }
  });

  it("sends the file itself without Accept-Encoding, to identity, or with every encoding at q=0", async () => {
    for (const headers of [
      {} as Record<string, string>,
      { "Accept-Encoding": "identity" },
      { "Accept-Encoding": "br;q=0, gzip;q=0" },
    ]) {
      const res = await get("/pk/lahore", headers);
      expect(res.headers.get("Content-Encoding")).toBeNull();
      expect(res.headers.get("Vary")).toBe("Accept-Encoding");
      const body = await res.text();
      expect(body).toBe(page.replace("Faisalabad", "Lahore"));
      expect(res.headers.get("Content-Length")).toBe(String(Buffer.byteLength(body)));
    }
  });

  it("sends a file without twins as it is (small page, image)", async () => {
    const about = await get("/about", { "Accept-Encoding": "br, gzip" });
    expect(about.headers.get("Content-Encoding")).toBeNull();
    expect(await about.text()).toBe(small);
    const logo = await get("/logo.png", { "Accept-Encoding": "br, gzip" });
    expect(logo.headers.get("Content-Encoding")).toBeNull();
    expect(logo.headers.get("Content-Type")).toBe("image/png");
    expect(logo.headers.get("Vary")).toBeNull();
    expect((await bytes(logo)).length).toBe(4096);
  });

  it("never serves a twin left over from before its file was rewritten", async () => {
    const dir = await mkdtemp(join(tmpdir(), "karkhana-static-stale-"));
    try {
      await writeFile(join(dir, "index.html"), page);
      await precompressDir(dir);
      const past = new Date(Date.now() - 60_000);
      await utimes(join(dir, "index.html.br"), past, past);
      const res = await staticSiteHandler(dir)(
        new Request("http://k.example/", { headers: { "Accept-Encoding": "br, gzip" } }),
      );
      expect(res?.headers.get("Content-Encoding")).toBe("gzip");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("gives each encoding its own strong ETag, and the same one on every request", async () => {
    const tags = new Set<string>();
    for (const accept of ["br", "gzip", "identity"]) {
      const first = await get("/", { "Accept-Encoding": accept });
      const again = await get("/", { "Accept-Encoding": accept });
      const etag = first.headers.get("ETag")!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(again.headers.get("ETag")).toBe(etag);
      tags.add(etag);
    }
    expect(tags.size).toBe(3);
  });

  it("answers If-None-Match with the current ETag with 304 and no body", async () => {
    const first = await get("/", { "Accept-Encoding": "br" });
    const etag = first.headers.get("ETag")!;
    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const res = await get("/", { "Accept-Encoding": "br", "If-None-Match": inm });
      expect(res.status).toBe(304);
      expect(res.body).toBeNull();
      expect(res.headers.get("ETag")).toBe(etag);
      expect(res.headers.get("Cache-Control")).toBe(REVALIDATE);
      expect(res.headers.get("Content-Length")).toBeNull();
      for (const [k, v] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(k)).toBe(v);
    }
    // Another representation's tag, or an old one: the full answer.
    const gz = await get("/", { "Accept-Encoding": "gzip", "If-None-Match": etag });
    expect(gz.status).toBe(200);
    expect(gz.headers.get("Content-Encoding")).toBe("gzip");
    const old = await get("/", { "Accept-Encoding": "br", "If-None-Match": '"old"' });
    expect(old.status).toBe(200);
  });

  it("answers If-Modified-Since at or after the file's time with 304, before it with 200", async () => {
    const first = await get("/sitemap.xml");
    const modified = first.headers.get("Last-Modified")!;
    expect(new Date(modified).toUTCString()).toBe(modified);
    const same = await get("/sitemap.xml", { "If-Modified-Since": modified });
    expect(same.status).toBe(304);
    expect(same.body).toBeNull();
    const later = new Date(Date.parse(modified) + 3600_000).toUTCString();
    expect((await get("/sitemap.xml", { "If-Modified-Since": later })).status).toBe(304);
    const earlier = new Date(Date.parse(modified) - 3600_000).toUTCString();
    expect((await get("/sitemap.xml", { "If-Modified-Since": earlier })).status).toBe(200);
    expect((await get("/sitemap.xml", { "If-Modified-Since": "not a date" })).status).toBe(200);
    // If-None-Match wins: a stale tag gets the file whatever the date says.
    const both = await get("/sitemap.xml", {
      "If-Modified-Since": later,
      "If-None-Match": '"old"',
    });
    expect(both.status).toBe(200);
  });

  it("answers HEAD with the GET's headers and no body, and a conditional HEAD with 304", async () => {
    const getRes = await get("/", { "Accept-Encoding": "br" });
    const head = await get("/", { "Accept-Encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    for (const h of ["Content-Type", "Content-Length", "Content-Encoding", "ETag", "Vary"])
      expect(head.headers.get(h)).toBe(getRes.headers.get(h));
    const etag = head.headers.get("ETag")!;
    const cond = await get("/", { "Accept-Encoding": "br", "If-None-Match": etag }, "HEAD");
    expect(cond.status).toBe(304);
  });

  it("caches hashed assets as immutable, pages revalidate, other files an hour", async () => {
    expect((await get("/_astro/app.Ab12Cd34.js")).headers.get("Cache-Control")).toBe(IMMUTABLE);
    expect(IMMUTABLE).toBe("public, max-age=31536000, immutable");
    expect((await get("/")).headers.get("Cache-Control")).toBe(REVALIDATE);
    expect((await get("/pk/lahore")).headers.get("Cache-Control")).toBe(REVALIDATE);
    expect((await get("/sitemap.xml")).headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect((await get("/logo.png")).headers.get("Cache-Control")).toBe("public, max-age=3600");
  });

  it("keeps the security headers on precompressed pages, and HSTS on an https site", async () => {
    const res = await handler("https://karkhana.example")(
      new Request("https://karkhana.example/", { headers: { "Accept-Encoding": "br" } }),
    );
    expect(res?.headers.get("Content-Encoding")).toBe("br");
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) expect(res?.headers.get(k)).toBe(v);
    expect(res?.headers.get("Strict-Transport-Security")).toBe(STRICT_TRANSPORT_SECURITY);
    const script = await get("/_astro/app.Ab12Cd34.js", { "Accept-Encoding": "br" });
    expect(script.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("leaves twins, host config, paths outside the site and other methods to the app", async () => {
    const h = handler();
    for (const path of [
      "/index.html.br",
      "/_astro/app.Ab12Cd34.js.gz",
      "/.assetsignore",
      "/../secret.txt",
      "/%2e%2e/secret.txt",
      "/pk/..%2f..%2fsecret.txt",
      "/%00",
      "/%E0%A4%A",
      "/missing",
    ])
      expect(await h(new Request(`http://k.example${path}`)), path).toBeNull();
    expect(await h(new Request("http://k.example/", { method: "POST" }))).toBeNull();
  });
});

describe("the Node server with the app behind the static files", () => {
  const app = {
    fetch: (req: Request) =>
      new URL(req.url).pathname === "/api/big"
        ? new Response(JSON.stringify({ words: "karkhana ".repeat(500) }), {
            headers: { "Content-Type": "application/json" },
          })
        : new Response("not found", { status: 404 }),
  };

  it("never compresses a static file a second time, and still compresses the app's answers", async () => {
    const server = nodeHandler(site, app, { siteUrl: undefined });
    const home = await server.request("/", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(home.headers.get("Content-Encoding")).toBe("br");
    expect(brotliDecompressSync(await bytes(home)).toString()).toBe(page);
    // A twin-less page stays plain: per-request compression is what the twins replace.
    const about = await server.request("/about", { headers: { "Accept-Encoding": "gzip" } });
    expect(about.headers.get("Content-Encoding")).toBeNull();
    expect(await about.text()).toBe(small);
    const etag = home.headers.get("ETag")!;
    const cached = await server.request("/", {
      headers: { "Accept-Encoding": "gzip, br", "If-None-Match": etag },
    });
    expect(cached.status).toBe(304);
    const api = await server.request("/api/big", { headers: { "Accept-Encoding": "gzip" } });
    expect(api.headers.get("Content-Encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(await bytes(api)).toString())).toEqual({
      words: "karkhana ".repeat(500),
    });
  });
});
