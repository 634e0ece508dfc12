/**
 * What `npm run lighthouse` holds every page to, and how it writes its table
 * into docs/performance.md (decision 031). The targets are those of decision
 * 012 (no /api call and at most 50 KB of gzipped JavaScript before the visitor
 * does anything, no console error) and the levels the pages were measured at
 * when it was made (every Lighthouse category 100 on a slow phone), with the
 * Core Web Vitals' "good" bounds for LCP, CLS and TBT.
 */

export interface PageFigures {
  perf: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  tbtMs: number;
  lcpMs: number;
  cls: number;
  /** Script files loaded before any interaction, each body gzipped. */
  jsGzipBytes: number;
  api: { path: string; status: number }[];
  /** Requests to other origins. */
  external: string[];
}

export const TARGETS = {
  /** Lighthouse category scores (0-100), mobile emulation, each at least this. */
  perf: 100,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  /** Core Web Vitals "good" (web.dev): LCP ≤ 2.5 s, CLS ≤ 0.1; TBT ≤ 200 ms, Lighthouse's own "good". */
  lcpMs: 2500,
  cls: 0.1,
  tbtMs: 200,
  /** Decision 012: gzipped JavaScript files before the first interaction. */
  jsGzipBytes: 50 * 1024,
  /**
   * Decision 012: an anonymous view asks the API nothing, except the counting
   * beacon a provider page sends after load (decision 019).
   */
  allowedApi: { provider: ["/api/events"] as readonly string[], other: [] as readonly string[] },
} as const;

/** The targets `f` misses on a page of kind `kind` (empty: it meets them all). */
export function missedTargets(kind: string, f: PageFigures): string[] {
  const out: string[] = [];
  const score = (name: string, value: number, target: number) => {
    if (!(value >= target)) out.push(`${name} ${Number.isFinite(value) ? value : "?"} < ${target}`);
  };
  score("performance", f.perf, TARGETS.perf);
  score("accessibility", f.accessibility, TARGETS.accessibility);
  score("best practices", f.bestPractices, TARGETS.bestPractices);
  score("SEO", f.seo, TARGETS.seo);
  if (!(f.lcpMs <= TARGETS.lcpMs)) out.push(`LCP ${(f.lcpMs / 1000).toFixed(2)} s > 2.5 s`);
  if (!(f.cls <= TARGETS.cls)) out.push(`CLS ${f.cls.toFixed(3)} > ${TARGETS.cls}`);
  if (!(f.tbtMs <= TARGETS.tbtMs)) out.push(`TBT ${Math.round(f.tbtMs)} ms > ${TARGETS.tbtMs} ms`);
  if (f.jsGzipBytes > TARGETS.jsGzipBytes)
    out.push(`JS ${(f.jsGzipBytes / 1024).toFixed(1)} KB > 50 KB`);
  const allowed = kind.startsWith("provider")
    ? TARGETS.allowedApi.provider
    : TARGETS.allowedApi.other;
  for (const call of f.api) {
    const path = call.path.split("?")[0]!;
    if (!allowed.includes(path) || call.status >= 400)
      out.push(`API call ${call.path}${call.status >= 400 ? ` (${call.status})` : ""}`);
  }
  if (f.external.length) out.push(`requests to other origins (${f.external.length})`);
  return out;
}

export const DOC_BEGIN =
  "<!-- lighthouse:begin (written by npm run lighthouse; do not edit by hand) -->";
export const DOC_END = "<!-- lighthouse:end -->";

/** `doc` with the text between the markers replaced by `block`; throws when the markers are missing. */
export function replaceGenerated(doc: string, block: string): string {
  const start = doc.indexOf(DOC_BEGIN);
  const end = doc.indexOf(DOC_END);
  if (start < 0 || end < start) {
    throw new Error(`the markers ${DOC_BEGIN} … ${DOC_END} are missing`);
  }
  return `${doc.slice(0, start + DOC_BEGIN.length)}\n\n${block.trim()}\n\n${doc.slice(end)}`;
}
