import { describe, expect, it } from "vitest";
import {
  DOC_BEGIN,
  DOC_END,
  missedTargets,
  replaceGenerated,
  type PageFigures,
} from "../../scripts/lighthouse-targets.ts";

const good: PageFigures = {
  perf: 100,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  tbtMs: 0,
  lcpMs: 900,
  cls: 0,
  jsGzipBytes: 0,
  api: [],
  external: [],
};

describe("the Lighthouse targets", () => {
  it("are met by a page at every category 100 with nothing loaded before interaction", () => {
    expect(missedTargets("home", good)).toEqual([]);
    expect(
      missedTargets("provider", { ...good, api: [{ path: "/api/events", status: 204 }] }),
    ).toEqual([]);
  });

  it("name every target a page misses", () => {
    expect(
      missedTargets("city", {
        ...good,
        perf: 97,
        accessibility: 96,
        bestPractices: 92,
        seo: 91,
        lcpMs: 2600,
        cls: 0.12,
        tbtMs: 250,
        jsGzipBytes: 51 * 1024,
        external: ["https://fonts.example/x.woff2"],
      }),
    ).toEqual([
      "performance 97 < 100",
      "accessibility 96 < 100",
      "best practices 92 < 100",
      "SEO 91 < 100",
      "LCP 2.60 s > 2.5 s",
      "CLS 0.120 > 0.1",
      "TBT 250 ms > 200 ms",
      "JS 51.0 KB > 50 KB",
      "requests to other origins (1)",
    ]);
  });

  it("hold the bounds themselves as met", () => {
    expect(
      missedTargets("home", { ...good, lcpMs: 2500, cls: 0.1, tbtMs: 200, jsGzipBytes: 50 * 1024 }),
    ).toEqual([]);
  });

  it("allow the counting beacon on provider pages only, and no failed call anywhere", () => {
    expect(missedTargets("home", { ...good, api: [{ path: "/api/events", status: 204 }] })).toEqual(
      ["API call /api/events"],
    );
    expect(
      missedTargets("provider (ur)", { ...good, api: [{ path: "/api/events", status: 429 }] }),
    ).toEqual(["API call /api/events (429)"]);
    expect(
      missedTargets("provider", { ...good, api: [{ path: "/api/auth/user?x=1", status: 401 }] }),
    ).toEqual(["API call /api/auth/user?x=1 (401)"]);
  });

  it("count a score Lighthouse could not compute as missed", () => {
    expect(missedTargets("home", { ...good, seo: NaN })).toEqual(["SEO ? < 100"]);
  });
});

describe("the generated table in the docs", () => {
  it("replaces what is between the markers and nothing else", () => {
    const doc = `# Perf\n\nbefore\n\n${DOC_BEGIN}\n\nold table\n\n${DOC_END}\n\nafter\n`;
    const next = replaceGenerated(doc, "| new | table |\n");
    expect(next).toBe(
      `# Perf\n\nbefore\n\n${DOC_BEGIN}\n\n| new | table |\n\n${DOC_END}\n\nafter\n`,
    );
    expect(replaceGenerated(next, "again")).toContain(`${DOC_BEGIN}\n\nagain\n\n${DOC_END}`);
  });

  it("refuses a document without the markers", () => {
    expect(() => replaceGenerated("# Perf\n", "table")).toThrow(/markers/);
    expect(() => replaceGenerated(`${DOC_END}\n${DOC_BEGIN}`, "table")).toThrow(/markers/);
  });
});
