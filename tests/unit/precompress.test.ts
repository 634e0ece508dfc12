import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isCompressedTwin, precompressDir } from "../../functions/node/precompress.ts";

const page = `<!doctype html><title>Karkhana</title>${"<p>Textile mills in Faisalabad</p>".repeat(200)}`;
const script = `export const cities=${JSON.stringify(Array.from({ length: 300 }, (_, i) => `city-${i}`))};`;

describe("precompressDir", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "karkhana-precompress-"));
    await mkdir(join(dir, "_astro"), { recursive: true });
    await mkdir(join(dir, "pk", "lahore"), { recursive: true });
    await writeFile(join(dir, "index.html"), page);
    await writeFile(join(dir, "pk", "lahore", "index.html"), page.replace("Faisalabad", "Lahore"));
    await writeFile(join(dir, "_astro", "app.Ab12Cd34.js"), script);
    await writeFile(join(dir, "robots.txt"), "User-agent: *\nAllow: /\n");
    await writeFile(join(dir, "logo.png"), new Uint8Array(4096).fill(1));
    // Random bytes do not compress: a twin would be bigger than its file.
    const noise = crypto.getRandomValues(new Uint8Array(3000));
    await writeFile(join(dir, "noise.txt"), noise);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("writes a brotli and a gzip twin beside each compressible file over 1 KB, decompressing to it", async () => {
    const result = await precompressDir(dir);
    for (const file of ["index.html", "pk/lahore/index.html", "_astro/app.Ab12Cd34.js"]) {
      const original = await readFile(join(dir, file));
      const br = await readFile(join(dir, `${file}.br`));
      const gz = await readFile(join(dir, `${file}.gz`));
      expect(br.length).toBeLessThan(original.length);
      expect(gz.length).toBeLessThan(original.length);
      expect(brotliDecompressSync(br)).toEqual(original);
      expect(gunzipSync(gz)).toEqual(original);
    }
    expect(result.files).toBe(4); // the three above and noise.txt
    expect(result.br).toBe(3);
    expect(result.gz).toBe(3);
    expect(result.brBytes).toBeLessThan(result.bytes);
    expect(result.gzBytes).toBeLessThan(result.bytes);
    expect(result.ms).toBeGreaterThanOrEqual(0);
  });

  it("leaves small files, images and incompressible files without twins", async () => {
    await precompressDir(dir);
    const names = await readdir(dir);
    expect(names).not.toContain("robots.txt.br");
    expect(names).not.toContain("robots.txt.gz");
    expect(names).not.toContain("logo.png.br");
    expect(names).not.toContain("logo.png.gz");
    expect(names.filter((n) => n.startsWith("noise.txt."))).toEqual([]);
  });

  it("runs again without compressing its twins and drops twins no longer smaller or of a small file", async () => {
    await precompressDir(dir);
    await writeFile(join(dir, "robots.txt.br"), "stale twin");
    await writeFile(join(dir, "index.html"), "<!doctype html>" + "x".repeat(1100));
    await writeFile(
      join(dir, "pk", "lahore", "index.html"),
      crypto.getRandomValues(new Uint8Array(2000)),
    );
    const again = await precompressDir(dir);
    expect(again.files).toBe(4);
    const all = await readdir(dir, { recursive: true });
    expect(all.filter((n) => /\.(br|gz)\.(br|gz)$/.test(n))).toEqual([]);
    expect(all).not.toContain(join("pk", "lahore", "index.html.br"));
    expect(all).not.toContain("robots.txt.br");
    expect(brotliDecompressSync(await readFile(join(dir, "index.html.br"))).toString()).toBe(
      "<!doctype html>" + "x".repeat(1100),
    );
  });

  it("keeps the twins out of the Worker's upload with .assetsignore, keeping lines already there", async () => {
    await writeFile(join(dir, ".assetsignore"), "build-info.json");
    await precompressDir(dir);
    await precompressDir(dir);
    const lines = (await readFile(join(dir, ".assetsignore"), "utf8")).split("\n");
    expect(lines).toContain("build-info.json");
    expect(lines.filter((l) => l === "*.br")).toHaveLength(1);
    expect(lines.filter((l) => l === "*.gz")).toHaveLength(1);
  });

  it("writes no .assetsignore when told not to", async () => {
    await precompressDir(dir, { assetsIgnore: false });
    expect(await readdir(dir)).not.toContain(".assetsignore");
  });

  it.each([
    ["index.html.br", true],
    ["app.js.gz", true],
    ["index.html", false],
    ["brochure.pdf", false],
  ])("isCompressedTwin(%s) is %s", (name, twin) => {
    expect(isCompressedTwin(name)).toBe(twin);
  });
});
