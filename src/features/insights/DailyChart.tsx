import { useEffect, useRef } from "react";
import type uPlot from "uplot";
// The stylesheet (2 KB) comes with this module; only the script waits for a chart.
import "uplot/dist/uPlot.min.css";
import { m } from "../../i18n/index.ts";
import { formatCount, longDay, shortDay } from "./format.ts";

const HEIGHT = 220;

/** A design token's colour (the canvas cannot read CSS variables by itself). */
function token(el: Element, name: string, fallback: string): string {
  return getComputedStyle(el).getPropertyValue(name).trim() || fallback;
}

/**
 * uPlot (about 50 KB), fetched when a chart is first drawn. A dynamic import
 * of its own: the bundler otherwise put it in a chunk the dashboards share,
 * and so in their first load.
 */
function loadUplot(): Promise<typeof uPlot> {
  return import("uplot").then((m) => m.default);
}

/**
 * One figure per day as a line, drawn by uPlot. The canvas is an image to
 * assistive technology; the same figures are in the table beside it
 * (DailyTable).
 */
export function DailyChart({
  days,
  values,
  label,
}: {
  days: readonly string[];
  values: readonly number[];
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);

  // Syncing with an external system (uPlot's canvas) whenever the figures change.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | null = null;
    let resize: ResizeObserver | null = null;
    let gone = false;
    const primary = token(el, "--color-primary", "#0f6b4a");
    const muted = token(el, "--color-ink-muted", "#536175");
    const line = token(el, "--color-line", "#e2e8f0");
    const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const axis = { stroke: muted, grid: { stroke: line, width: 1 }, ticks: { stroke: line } };
    const draw = (UPlot: typeof uPlot) => {
      if (gone) return;
      plot = new UPlot(
        {
          width: Math.max(280, el.clientWidth),
          height: HEIGHT,
          // Days are Pakistan's calendar days, stored at midnight UTC: read them in UTC.
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
          legend: { show: false },
          cursor: { drag: { x: false, y: false }, points: { size: 8 } },
          scales: {
            x: { time: true },
            y: { range: (_u, _min, max) => [0, Math.max(4, max * 1.1)] },
          },
          axes: [
            {
              ...axis,
              values: (_u, ticks) =>
                ticks.map((t) => shortDay(new Date(t * 1000).toISOString().slice(0, 10))),
            },
            {
              ...axis,
              size: 48,
              values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? formatCount(t) : "")),
            },
          ],
          series: [
            {},
            {
              label,
              stroke: primary,
              width: 2,
              fill: `${primary}1f`,
              points: { show: days.length <= 31, size: 5, fill: primary },
            },
          ],
        },
        [xs, [...values]],
        el,
      );
      const drawn = plot;
      resize = new ResizeObserver(() => {
        drawn.setSize({ width: Math.max(280, el.clientWidth), height: HEIGHT });
      });
      resize.observe(el);
    };
    // Without the chart (offline, say) the table below still has every figure.
    loadUplot().then(draw, () => undefined);
    return () => {
      gone = true;
      resize?.disconnect();
      plot?.destroy();
    };
  }, [days, values, label]);

  const total = values.reduce((a, b) => a + b, 0);
  const first = days[0];
  const last = days.at(-1);
  return (
    <div
      ref={box}
      role="img"
      aria-label={m.dashboard_chart_label({
        metric: label,
        total: formatCount(total),
        from: first ? longDay(first) : "",
        to: last ? longDay(last) : "",
      })}
      // Time runs left to right on an Urdu page too (as in the figures' own writing); uPlot
      // also places its layers by `left`.
      dir="ltr"
      className="min-h-[220px] w-full overflow-hidden"
    />
  );
}
