import { describe, expect, it } from "vitest";
import { parseWorkerEnv } from "../../functions/worker/env.ts";
import { isLoopbackHost } from "../../src/lib/local-run.ts";

const DB = { DATABASE_URL: "libsql://karkhana-org.turso.io", DATABASE_AUTH_TOKEN: "t" };
const FAKE_GOOGLE = {
  GOOGLE_CLIENT_ID: "id",
  GOOGLE_CLIENT_SECRET: "secret",
  GOOGLE_AUTH_URL: "http://127.0.0.1:9911/auth",
  GOOGLE_TOKEN_URL: "http://127.0.0.1:9911/token",
};

describe("parseWorkerEnv", () => {
  it.each([
    ["https://karkhana.pk"],
    ["https://karkhana.pk/"],
    ["http://127.0.0.1:8787"],
    ["http://localhost:8787"],
    ["http://[::1]:8787"],
  ])("starts with PUBLIC_SITE_URL %s", (url) => {
    expect(parseWorkerEnv({ ...DB, PUBLIC_SITE_URL: url }).PUBLIC_SITE_URL).toBe(url);
  });

  it.each([
    ["http://karkhana.pk"],
    ["http://192.168.1.10:8787"],
    ["http://0.0.0.0:8787"],
    ["http://127.0.0.1.nip.io"],
    ["ftp://karkhana.pk"],
  ])("refuses PUBLIC_SITE_URL %s, naming it", (url) => {
    expect(() => parseWorkerEnv({ ...DB, PUBLIC_SITE_URL: url })).toThrow(
      /Invalid Worker configuration: PUBLIC_SITE_URL: PUBLIC_SITE_URL must be https:\/\//,
    );
  });

  it("takes the Google endpoint overrides in the local preview (loopback http site, loopback fake)", () => {
    const vars = parseWorkerEnv({
      ...DB,
      PUBLIC_SITE_URL: "http://127.0.0.1:8787",
      ...FAKE_GOOGLE,
    });
    expect(vars.GOOGLE_AUTH_URL).toBe(FAKE_GOOGLE.GOOGLE_AUTH_URL);
    expect(vars.GOOGLE_TOKEN_URL).toBe(FAKE_GOOGLE.GOOGLE_TOKEN_URL);
  });

  it.each([
    ["an https site", { PUBLIC_SITE_URL: "https://karkhana.pk" }, "GOOGLE_AUTH_URL"],
    [
      "an https site, token URL only",
      {
        PUBLIC_SITE_URL: "https://karkhana.pk",
        GOOGLE_AUTH_URL: undefined,
        GOOGLE_TOKEN_URL: "https://evil.example/token",
      },
      "GOOGLE_TOKEN_URL",
    ],
    [
      "a loopback site but a remote fake",
      { PUBLIC_SITE_URL: "http://127.0.0.1:8787", GOOGLE_AUTH_URL: "https://evil.example/auth" },
      "GOOGLE_AUTH_URL",
    ],
    ["an https loopback site", { PUBLIC_SITE_URL: "https://localhost:8787" }, "GOOGLE_AUTH_URL"],
  ])("refuses the Google endpoint overrides with %s", (_, extra, named) => {
    const env = Object.fromEntries(
      Object.entries({ ...DB, ...FAKE_GOOGLE, ...extra }).filter(([, v]) => v !== undefined),
    );
    expect(() => parseWorkerEnv(env)).toThrow(
      new RegExp(`Invalid Worker configuration: .*${named}: ${named} is for a fake Google`),
    );
  });

  it("names both rules at once once the fields themselves are well formed", () => {
    expect(() =>
      parseWorkerEnv({
        ...DB,
        PUBLIC_SITE_URL: "http://karkhana.pk",
        GOOGLE_AUTH_URL: "https://x.example",
      }),
    ).toThrow(/PUBLIC_SITE_URL: .*; GOOGLE_AUTH_URL: /);
  });
});

describe("isLoopbackHost", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.8.9.10", true],
    ["localhost", true],
    ["LOCALHOST", true],
    ["[::1]", true],
    ["::1", true],
    ["0.0.0.0", false],
    ["10.0.0.1", false],
    ["127.0.0.1.nip.io", false],
    ["localhost.example", false],
    ["karkhana.pk", false],
  ])("%s → %s", (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});
