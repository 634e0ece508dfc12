import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { DEMO, signInViaApi } from "../e2e/auth-helpers.ts";
import { expect, test, type ApiProvider } from "../e2e/fixtures.ts";
import { photoPng } from "../e2e/test-images.ts";
import { coverKey } from "../../src/lib/upload-keys.ts";
import { variantKey } from "../../src/lib/image-sources.ts";

/**
 * The database out of reach under workerd (Turso down, or the network to it):
 * the preview stops its libSQL endpoint through its control port
 * (scripts/preview-worker.ts), so the Worker's connections are refused. The
 * API answers 503 JSON with Retry-After, pre-rendered pages keep being served,
 * and once the endpoint is back the Worker answers again with no restart.
 * Then the image store (R2) failing on upload: the preview makes its local
 * bucket refuse every write, and an upload answers 503 with Retry-After,
 * stores nothing and changes no profile.
 * Runs after every other Worker spec (playwright.worker.config.ts).
 */

const RETRY_AFTER_S = "5";

/** Asks the preview's control port (scripts/preview-worker.ts) to take a service down or up. */
async function fault(service: "database" | "media", state: "down" | "up") {
  const dir = resolve(process.env.E2E_DIR || ".e2e-worker", "data");
  const control = JSON.parse(await readFile(resolve(dir, "preview-control.json"), "utf8")) as {
    url: string;
    token: string;
  };
  const res = await fetch(`${control.url}/${service}/${state}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${control.token}` },
  });
  expect(res.status, await res.text()).toBe(200);
}
const database = (state: "down" | "up") => fault("database", state);

test.afterAll(async () => {
  // Whatever failed above, both services are left running for whoever comes next.
  await database("up");
  await fault("media", "up");
});

test("with the database out of reach the API answers 503 with Retry-After, pages are still served, and it recovers by itself", async ({
  page,
  request,
  baseURL,
}) => {
  const [provider] = (await (await request.get("/api/providers?limit=1")).json()) as ApiProvider[];
  expect(provider).toBeDefined();
  await signInViaApi(request, baseURL!, DEMO.customer.email, DEMO.customer.password);
  const before = await request.get("/api/favorites");
  expect(before.status()).toBe(200);
  const favoritesBefore = (await before.json()) as { id: string }[];

  await database("down");

  // Reads, a signed-in read and a write: each a 503 with the same JSON and Retry-After.
  const origin = { Origin: baseURL! };
  for (const [method, path] of [
    ["GET", "/api/health"],
    ["GET", "/api/providers?search=surgical"],
    ["GET", `/api/providers/${provider!.id}`],
    ["GET", "/api/favorites"],
    ["POST", `/api/favorites/${provider!.id}`],
  ] as const) {
    const res = await request.fetch(path, { method, headers: method === "GET" ? {} : origin });
    expect(res.status(), `${method} ${path}`).toBe(503);
    expect(res.headers()["retry-after"], `${method} ${path}`).toBe(RETRY_AFTER_S);
    expect(res.headers()["content-type"], `${method} ${path}`).toContain("application/json");
    const body = (await res.json()) as { error?: unknown };
    expect(Object.keys(body), `${method} ${path}`).toEqual(["error"]);
    expect(body.error, `${method} ${path}`).toMatch(/try again/i);
  }

  // Pre-rendered pages: the home page straight from the assets, and the directory
  // pages the Worker answers first, which fall back to their built file when it
  // cannot ask the database whether a change overtook them.
  for (const path of ["/", "/pk/karachi", provider!.path]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()["content-type"], path).toContain("text/html");
    expect(await res.text(), path).toContain("<h1");
  }
  // In a browser too, as an anonymous visitor (no console error: the page asks the API nothing).
  await page.goto(provider!.path);
  await expect(page.getByRole("heading", { level: 1, name: provider!.companyName })).toBeVisible();

  await database("up");

  // No restart, no redeploy: the next requests reach the database again.
  await expect
    .poll(async () => (await request.get("/api/health")).status(), { timeout: 30_000 })
    .toBe(200);
  const search = await request.get("/api/providers?search=surgical");
  expect(search.status()).toBe(200);
  expect(((await search.json()) as unknown[]).length).toBeGreaterThan(0);
  // The session made before the outage still holds, and writes work again.
  const after = await request.get("/api/favorites");
  expect(after.status()).toBe(200);
  expect(await after.json()).toEqual(favoritesBefore);
  const wasFavorite = favoritesBefore.some((p) => p.id === provider!.id);
  const add = await request.post(`/api/favorites/${provider!.id}`, { headers: origin });
  expect(add.status(), await add.text()).toBe(200);
  if (!wasFavorite) {
    const undo = await request.delete(`/api/favorites/${provider!.id}`, { headers: origin });
    expect(undo.status()).toBe(200);
  }
});

test("with R2 failing an upload answers 503 with Retry-After, stores nothing and leaves the profile as it was; it works again once R2 is back", async ({
  request,
  baseURL,
}) => {
  await signInViaApi(request, baseURL!, DEMO.provider.email, DEMO.provider.password);
  const me = (await (await request.get("/api/auth/user")).json()) as { id: string };
  const profile = async () => (await request.get("/api/my-provider")).json() as Promise<unknown>;
  const before = await profile();
  let ts = Date.now();
  const upload = (key: string) =>
    request.post(`/api/uploads/file?key=${encodeURIComponent(key)}`, {
      headers: { Origin: baseURL!, "Content-Type": "application/octet-stream" },
      data: photoPng(800, 600, [15, 107, 74]),
    });

  // Works first (and gives the local bucket its blob folder).
  const first = await upload(coverKey(me.id, ++ts));
  expect(first.status(), await first.text()).toBe(200);

  await fault("media", "down");
  const key = coverKey(me.id, ++ts);
  const failed = await upload(key);
  expect(failed.status()).toBe(503);
  expect(failed.headers()["retry-after"]).toBe("60");
  expect(failed.headers()["content-type"]).toContain("application/json");
  expect(await failed.json()).toEqual({
    error: "Image storage is unavailable right now. Please try again in a minute.",
  });
  await fault("media", "up");

  // Nothing of it was stored: neither the original nor a copy.
  for (const stored of [key, variantKey(key, 160, "webp"), variantKey(key, 800, "jpg")]) {
    expect((await request.get(`/media/${stored}`)).status(), stored).toBe(404);
  }
  expect(await profile()).toEqual(before);

  const again = await upload(coverKey(me.id, ts + 1));
  expect(again.status(), await again.text()).toBe(200);
  const { publicUrl } = (await again.json()) as { publicUrl: string };
  expect((await request.get(publicUrl)).status()).toBe(200);
});
