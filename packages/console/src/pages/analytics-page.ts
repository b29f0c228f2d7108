import {
  ANALYTICS_DAYS,
  type AnalyticsAnswer,
  captionPreview,
  FIGURES_SCHEDULE_SENTENCE,
  getAnalytics,
  getAnalyticsSeries,
  getPost,
  missingFiguresSentence,
  PLATFORM_NAMES,
  PLATFORMS,
  type Platform,
  type TopPost,
  zoneName,
} from '@svc/core';
import { type Html, html, unwrap } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { pageReply } from '../console-page.js';
import type { ConsoleReply } from '../console-reply.js';
import { seriesChart } from './series-chart.js';
import { slotSuggestionRoutes, slotSuggestionsSection } from './slot-suggestions-section.js';

const WINDOWS = [7, 30, 90, 365] as const;

function change(ratio: number | null): string {
  if (ratio === null) return 'no earlier figures';
  const pct = Math.round(ratio * 100);
  return `${pct >= 0 ? '+' : ''}${pct}%`;
}

// A bar per platform drawn in SVG: no script, and the numbers are in the table beside it.
function bars(answer: AnalyticsAnswer): Html {
  const rows = PLATFORMS.flatMap((p) => {
    const f = answer.totals.byPlatform[p];
    return f === undefined ? [] : [{ name: PLATFORM_NAMES[p], views: f.views, engagement: f.engagement }];
  });
  if (rows.length === 0) return html``;
  const top = Math.max(1, ...rows.map((r) => r.views));
  const height = rows.length * 28;
  return html`<svg role="img" aria-label="Views per platform" viewBox="0 0 400 ${height}" width="100%" preserveAspectRatio="xMinYMin meet" class="chart">
${rows.map(
  (r, i) => html`<text x="0" y="${i * 28 + 18}" font-size="13">${r.name}</text>
<rect x="90" y="${i * 28 + 6}" width="${Math.max(1, Math.round((r.views / top) * 300))}" height="16" class="bar"></rect>`,
)}
</svg>`;
}

// An hour of the day as a person reads a slot: 09:00–10:00.
const hourSlot = (hour: number) =>
  `${String(hour).padStart(2, '0')}:00–${String((hour + 1) % 24).padStart(2, '0')}:00`;

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * What a top post is called on the page: its caption's preview, else its title. Read through
 * `getPost`; a post the person may no longer read is just "A post" (its id stays in the link).
 */
async function topPostNames(c: SignedContext, answer: AnalyticsAnswer): Promise<Map<string, string>> {
  const ids = PLATFORMS.flatMap((p) => (answer.topPosts[p] ?? []).map((t) => t.postId));
  const names = await Promise.all(
    ids.map(async (id) => {
      const found = await getPost(c.deps.core, c.actor, id);
      if (found.isErr()) return [id, 'A post'] as const;
      return [
        id,
        captionPreview(found.value.caption) || found.value.title || 'A post without a caption',
      ] as const;
    }),
  );
  return new Map(names);
}

// One platform's top posts, or why it has none.
function platformTop(p: Platform, a: AnalyticsAnswer, names: ReadonlyMap<string, string>): Html {
  const coverage = a.coverage[p];
  if (coverage?.state === 'no_posts') {
    return html`<h3>${PLATFORM_NAMES[p]}</h3><p class="muted">Nothing published in this window.</p>`;
  }
  const top: readonly TopPost[] = a.topPosts[p] ?? [];
  const missing = coverage?.missing ?? [];
  return html`<h3>${PLATFORM_NAMES[p]}</h3>${
    top.length === 0
      ? html`<p class="muted">No figures yet. ${FIGURES_SCHEDULE_SENTENCE}</p>`
      : html`<ol>${top.map((t) => html`<li><a href="/app/posts/${t.postId}">${names.get(t.postId) ?? 'A post'}</a>: ${t.value} engagement</li>`)}</ol>`
  }${
    missing.length === 0
      ? ''
      : missing.map((m) => html`<p class="muted">${missingFiguresSentence(m.reason, m.posts)}</p>`)
  }`;
}

async function show(c: SignedContext): Promise<ConsoleReply> {
  const asked = Number(c.url.searchParams.get('days'));
  const days = WINDOWS.find((d) => d === asked) ?? ANALYTICS_DAYS.default;
  // Days, hours and weekdays in the person's own zone (set on the Account page).
  const timezone = c.time.zone;
  const [a, series] = await Promise.all([
    unwrap(getAnalytics(c.deps.core, c.actor, { days, timezone })),
    unwrap(getAnalyticsSeries(c.deps.core, c.actor, { days, timezone })),
  ]);
  // Every platform the person can see (coverage names each), the ones with posts first.
  const platforms = PLATFORMS.filter((p) => a.coverage[p] !== undefined);
  const published = platforms.some((p) => a.coverage[p]?.state !== 'no_posts');
  const [names, suggested] = await Promise.all([topPostNames(c, a), slotSuggestionsSection(c)]);
  const comparison = (label: string, comp: AnalyticsAnswer['weekOnWeek']) =>
    html`<tr><th scope="row">${label}</th><td>${comp.current.views} (${change(comp.change.views)})</td><td>${comp.current.engagement} (${change(comp.change.engagement)})</td><td>${comp.current.posts}</td></tr>`;
  const best = <T>(label: string, r: { value: T | null; samples: number }, show: (value: T) => string) =>
    html`<li>${label}: ${r.value === null ? html`<span class="muted">too few posts to say (${r.samples})</span>` : `${show(r.value)} (${r.samples} posts)`}</li>`;
  const body = html`<form method="get" action="/app/analytics" class="actions">
<label for="days">Window</label>
<select id="days" name="days">${WINDOWS.map((d) => html`<option value="${d}"${d === days ? html` selected` : ''}>Last ${d} days</option>`)}</select>
<button type="submit" class="secondary">Show</button></form>
<div class="grid">
<div class="card"><div class="stat">${a.totals.posts}</div>posts published</div>
<div class="card"><div class="stat">${a.totals.views}</div>views</div>
<div class="card"><div class="stat">${a.totals.engagement}</div>engagement</div>
</div>
${
  // Zero everywhere is what a new post (and a sandbox, whose figures start at zero) shows before its first read.
  a.totals.views === 0 && a.totals.engagement === 0
    ? html`<p class="muted">${FIGURES_SCHEDULE_SENTENCE}</p>`
    : ''
}
${bars(a)}
<h2>Over time (${zoneName(timezone)} time)</h2>
${Object.keys(series.byPlatform).length === 0 ? html`<p class="muted">No posts to chart in this window.</p>` : [seriesChart(series, 'views'), seriesChart(series, 'engagement')]}
<h2>Compared with the period before</h2>
<div class="table"><table><thead><tr><th scope="col">Period</th><th scope="col">Views</th><th scope="col">Engagement</th><th scope="col">Posts</th></tr></thead>
<tbody>${comparison('Last 7 days', a.weekOnWeek)}${comparison('Last 30 days', a.monthOnMonth)}${comparison('Last 365 days', a.yearOnYear)}</tbody></table></div>
<h2>When it works best (${zoneName(timezone)} time)</h2>
<ul>${best('Hour', a.bestHour, hourSlot)}${best('Weekday', a.bestWeekday, capitalized)}${best('Category', a.bestCategory, (v) => v)}</ul>
${suggested}
<h2>Top posts per platform</h2>
${
  published
    ? platforms.map((p) => platformTop(p, a, names))
    : html`<p class="muted">Nothing was published in this window.</p>`
}`;
  return pageReply(c, 200, { title: 'Analytics', section: '/app/analytics', body });
}

/** Views and engagement of the published posts. */
export const analyticsRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/analytics', access: 'signed', run: show },
  ...slotSuggestionRoutes,
];
