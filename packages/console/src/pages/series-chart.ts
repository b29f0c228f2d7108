import { type AnalyticsSeries, PLATFORM_NAMES, PLATFORMS, type Platform } from '@svc/core';
import { type Html, html, raw } from '@svc/web';

/** A figure a series chart draws. */
export type SeriesMetric = 'views' | 'engagement';

const LABELS: Readonly<Record<SeriesMetric, string>> = { views: 'Views', engagement: 'Engagement' };
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// The drawing's coordinates; the SVG scales to its box, so these only set the proportions.
const WIDTH = 640;
const HEIGHT = 220;
const LEFT = 56;
const RIGHT = 12;
const TOP = 10;
const BOTTOM = 28;
const PLOT_WIDTH = WIDTH - LEFT - RIGHT;
const PLOT_HEIGHT = HEIGHT - TOP - BOTTOM;
/** Up to a month, each day is marked too: a lone post stays visible as a dot. */
const DOTS_UP_TO = 31;

/**
 * One metric per day, one line per platform, drawn on the server as SVG (no script, and the
 * Content-Security-Policy forbids inline style: colours and dashes come from `series-<platform>`
 * classes in the stylesheet). The lines differ by dash as well as colour, the legend names each
 * platform in text, and the same numbers are in a table for screen readers and for reading.
 */
export function seriesChart(series: AnalyticsSeries, metric: SeriesMetric): Html {
  const platforms = PLATFORMS.filter((p) => series.byPlatform[p] !== undefined);
  if (platforms.length === 0) return html``;
  const label = LABELS[metric];
  const values = (p: Platform) => (series.byPlatform[p] ?? []).map((day) => day[metric]);
  const { top, step } = scaleOf(Math.max(0, ...platforms.flatMap(values)));
  const count = series.dates.length;
  const x = (i: number) => round(LEFT + (count <= 1 ? PLOT_WIDTH / 2 : (i * PLOT_WIDTH) / (count - 1)));
  const y = (v: number) => round(TOP + PLOT_HEIGHT - (v / top) * PLOT_HEIGHT);
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const first = series.dates[0] ?? '';
  const last = series.dates.at(-1) ?? '';
  const id = `chart-${metric}`;
  return html`<h3 id="${id}">${label} per day, by publishing day</h3>
<svg role="img" aria-label="${label} per day and platform, ${dayLabel(first)} to ${dayLabel(last)}; the numbers are in the table below" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="100%" class="chart line-chart">
${ticks.map(
  (t) =>
    html`<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${y(t)}" y2="${y(t)}" class="rule"></line><text x="${LEFT - 6}" y="${y(t) + 4}" text-anchor="end">${compact(t)}</text>`,
)}
${dateTicks(count).map(
  (i, n, all) =>
    html`<text x="${x(i)}" y="${HEIGHT - 8}" text-anchor="${n === 0 && all.length > 1 ? 'start' : n === all.length - 1 && all.length > 1 ? 'end' : 'middle'}">${dayLabel(series.dates[i] ?? '')}</text>`,
)}
${platforms.map((p) => {
  const points = values(p).map((v, i) => `${x(i)},${y(v)}`);
  return html`<polyline points="${points.join(' ')}" class="series series-${p}"></polyline>${
    count <= DOTS_UP_TO
      ? values(p).map((v, i) => html`<circle cx="${x(i)}" cy="${y(v)}" r="3" class="dot dot-${p}"></circle>`)
      : ''
  }`;
})}
</svg>
<ul class="legend" aria-label="${label}: platforms">${platforms.map(
    (p) =>
      html`<li><svg aria-hidden="true" viewBox="0 0 28 10" width="28" height="10"><line x1="1" y1="5" x2="27" y2="5" class="series series-${p}"></line></svg>${PLATFORM_NAMES[p]}</li>`,
  )}</ul>
<details><summary>${label} per day as a table</summary>
<div class="table"><table><caption class="visually-hidden">${label} per day and platform</caption>
<thead><tr><th scope="col">Day</th>${platforms.map((p) => html`<th scope="col">${PLATFORM_NAMES[p]}</th>`)}</tr></thead>
<tbody>${series.dates.map(
    (date, i) =>
      // Figures are numbers, never text to escape; a year of rows is thousands of cells.
      html`<tr><th scope="row">${date}</th>${raw(platforms.map((p) => `<td>${Number(series.byPlatform[p]?.[i]?.[metric] ?? 0)}</td>`).join(''))}</tr>`,
  )}</tbody></table></div></details>`;
}

// The top of the scale and its step: a round step (1, 2 or 5 × 10ⁿ) giving at most 4 intervals,
// so the labels read as plain numbers.
function scaleOf(max: number): { top: number; step: number } {
  const rough = Math.max(1, max / 4);
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const step = (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
  return { top: Math.max(step, Math.ceil(max / step) * step), step };
}

// The days labelled under the axis: the first, the last and up to three between.
function dateTicks(count: number): number[] {
  if (count <= 1) return count === 1 ? [0] : [];
  const picks = Math.min(count, 5);
  return [...new Set(Array.from({ length: picks }, (_, i) => Math.round((i * (count - 1)) / (picks - 1))))];
}

function dayLabel(date: string): string {
  const [, month, day] = date.split('-').map(Number);
  return `${day ?? ''} ${MONTHS[(month ?? 1) - 1] ?? ''}`;
}

function compact(value: number): string {
  if (value >= 1_000_000) return `${trim(value / 1_000_000)}M`;
  if (value >= 1_000) return `${trim(value / 1_000)}k`;
  return String(value);
}

function trim(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
