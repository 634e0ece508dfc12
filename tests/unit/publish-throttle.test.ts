import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDataVersion, markDataChanged } from "../../db/queries/site-meta.ts";
import { publishDelay } from "../../functions/node/publish.ts";
import {
  checkPublish,
  PUBLISH_MIN_INTERVAL_MS,
  PUBLISH_RETRY_MS,
} from "../../functions/worker/publish.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

describe("publishDelay (the local publisher's wait before a build)", () => {
  it.each([
    ["first build: the debounce", 5000, 60_000, null, 1_000_000, 5000],
    ["right after a build: the rest of the interval", 5000, 60_000, 1_000_000, 1_010_000, 50_000],
    ["interval nearly over: the debounce", 5000, 60_000, 1_000_000, 1_058_000, 5000],
    ["long after a build: the debounce", 5000, 60_000, 1_000_000, 2_000_000, 5000],
    ["no interval (tests): the debounce", 500, 0, 1_000_000, 1_000_001, 500],
    ["a build waiting in the loop: no debounce", 0, 60_000, 1_000_000, 1_030_000, 30_000],
  ] as const)("%s", (_name, debounce, interval, lastEnd, now, expected) => {
    expect(publishDelay(debounce, interval, lastEnd, now)).toBe(expected);
  });
});

describe("checkPublish (the Worker's deploy hook)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  const assets = (version: number) => ({
    async fetch(path: string) {
      return path === "/build-info.json"
        ? new Response(JSON.stringify({ dataVersion: version }))
        : null;
    },
  });

  it("calls the hook at most once per PUBLISH_MIN_INTERVAL_MS while the data keeps changing", async () => {
    const calls: number[] = [];
    const hook = { url: "https://ci.example/hook" };
    const hookFetch: typeof fetch = async (_u, init) => {
      calls.push(JSON.parse(await new Response(init?.body).text()).client_payload.dataVersion);
      return new Response(null, { status: 204 });
    };
    const deployed = await getDataVersion(t.db);
    const t0 = Date.parse("2026-11-22T10:00:00Z");
    const check = async (minutes: number) => {
      await markDataChanged(t.db);
      return (
        await checkPublish(t.db, assets(deployed), hook, new Date(t0 + minutes * 60_000), hookFetch)
      ).action;
    };
    expect(await check(0)).toBe("triggered");
    // A write every 5 minutes (the Cron Trigger's period): each is a new data version.
    expect(await check(5)).toBe("waiting");
    expect(await check(10)).toBe("waiting");
    expect(await check(PUBLISH_MIN_INTERVAL_MS / 60_000)).toBe("triggered");
    expect(calls).toHaveLength(2);
    expect(calls[1]).toBe(await getDataVersion(t.db));
    expect(PUBLISH_MIN_INTERVAL_MS).toBeLessThan(PUBLISH_RETRY_MS);
  });
});
