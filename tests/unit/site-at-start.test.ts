import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDb, openDb, type Db } from "../../db/client.ts";
import { getDataVersion, getInstanceId, markDataChanged } from "../../db/queries/site-meta.ts";
import { BUILD_INFO, CLIENT_DIR, type BuildInfo } from "../../functions/node/publish.ts";
import { siteAtStart, siteAtStartIn } from "../../functions/node/site-at-start.ts";

/** `npm start` serves an old build only of the same database and site URL. */

const target = { instanceId: "db-1", dataVersion: 7, siteUrl: "http://127.0.0.1:4400" };
const built = (over: Partial<BuildInfo> = {}): BuildInfo => ({
  ...target,
  builtAt: "2026-11-25T00:00:00.000Z",
  pages: 1100,
  seconds: 10,
  ...over,
});

describe("siteAtStart", () => {
  it("serves a build of this database and origin at the current data version", () => {
    expect(siteAtStart(built(), target)).toEqual({ action: "serve" });
    expect(siteAtStart(built({ dataVersion: 9 }), target)).toEqual({ action: "serve" });
  });

  it("serves an older build of the same database and origin while a new one builds", () => {
    expect(siteAtStart(built({ dataVersion: 6 }), target)).toEqual({
      action: "serve-while-rebuilding",
      reason: "the built site is older than the data",
    });
  });

  it("builds first when there is no build", () => {
    expect(siteAtStart(null, target)).toEqual({ action: "build-first", reason: "no built site" });
  });

  it("builds first when the build is of another database, however new", () => {
    expect(siteAtStart(built({ instanceId: "db-2", dataVersion: 99 }), target)).toEqual({
      action: "build-first",
      reason: "the built site is of another database",
    });
  });

  it("builds first when the build is for another site URL, or did not record one", () => {
    expect(siteAtStart(built({ siteUrl: "http://127.0.0.1:4401" }), target)).toEqual({
      action: "build-first",
      reason: "the built site is for http://127.0.0.1:4401, not http://127.0.0.1:4400",
    });
    expect(siteAtStart(built({ siteUrl: "https://karkhana.pk" }), target).action).toBe(
      "build-first",
    );
    expect(siteAtStart(built({ siteUrl: null }), target).action).toBe("build-first");
    // build-info.json from before the site URL was recorded.
    const { siteUrl: _, ...old } = built();
    expect(siteAtStart(old as BuildInfo, target).action).toBe("build-first");
  });
});

describe("siteAtStartIn", () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "karkhana-site-at-start-"));
    db = await openDb({ url: `file:${join(dir, "k.db")}` });
    await migrateDb(db);
    await markDataChanged(db);
    await mkdir(join(dir, CLIENT_DIR));
  });
  afterAll(async () => {
    db.$client.close();
    await rm(dir, { recursive: true, force: true });
  });

  const write = (info: Partial<BuildInfo>) =>
    writeFile(join(dir, CLIENT_DIR, BUILD_INFO), JSON.stringify(built(info)));

  it("compares the folder's build-info.json with the database and the site URL", async () => {
    const url = "http://127.0.0.1:4400";
    expect((await siteAtStartIn(db, join(dir, "missing"), url)).action).toBe("build-first");

    const instanceId = await getInstanceId(db);
    const dataVersion = await getDataVersion(db);
    await write({ instanceId, dataVersion, siteUrl: url });
    expect((await siteAtStartIn(db, dir, url)).action).toBe("serve");
    expect((await siteAtStartIn(db, dir, "http://127.0.0.1:4401")).action).toBe("build-first");

    await markDataChanged(db);
    expect((await siteAtStartIn(db, dir, url)).action).toBe("serve-while-rebuilding");

    await write({ instanceId: "another-database", dataVersion: dataVersion + 100, siteUrl: url });
    expect((await siteAtStartIn(db, dir, url)).action).toBe("build-first");
  });
});
