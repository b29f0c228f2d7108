import { type AnalyticsAnswer, getAnalytics, getAnalyticsSeries, PLATFORM_NAMES, PLATFORMS } from '@svc/core';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { consolePage } from '../console-page.js';
import { type ConsoleReply, htmlReply } from '../console-reply.js';
import { type Html, html } from '../html.js';
import { orThrow } from './or-throw.js';
import { seriesChart } from './series-chart.js';

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

async function show(c: SignedContext): Promise<ConsoleReply> {
  const asked = Number(c.url.searchParams.get('days'));
  const days = WINDOWS.find((d) => d === asked) ?? 30;
  // Days, hours and weekdays in the person's own zone (set on the Account page).
  const timezone = c.time.zone;
  const [a, series] = await Promise.all([
    orThrow(getAnalytics(c.deps.core, c.actor, { days, timezone })),
    orThrow(getAnalyticsSeries(c.deps.core, c.actor, { days, timezone })),
  ]);
  const platforms = PLATFORMS.filter((p) => (a.coverage[p]?.posts ?? 0) > 0);
  const comparison = (label: string, comp: AnalyticsAnswer['weekOnWeek']) =>
    html`<tr><th scope="row">${label}</th><td>${comp.current.views} (${change(comp.change.views)})</td><td>${comp.current.engagement} (${change(comp.change.engagement)})</td><td>${comp.current.posts}</td></tr>`;
  const best = (label: string, r: { value: unknown; samples: number }) =>
    html`<li>${label}: ${r.value === null ? html`<span class="muted">too few posts to say (${r.samples})</span>` : `${r.value} (${r.samples} posts)`}</li>`;
  const body = html`<form method="get" action="/app/analytics" class="actions">
<label for="days">Window</label>
<select id="days" name="days">${WINDOWS.map((d) => html`<option value="${d}"${d === days ? html` selected` : ''}>Last ${d} days</option>`)}</select>
<button type="submit" class="secondary">Show</button></form>
<div class="grid">
<div class="card"><div class="stat">${a.totals.posts}</div>posts published</div>
<div class="card"><div class="stat">${a.totals.views}</div>views</div>
<div class="card"><div class="stat">${a.totals.engagement}</div>engagement</div>
</div>
${bars(a)}
<h2>Over time (${timezone})</h2>
${Object.keys(series.byPlatform).length === 0 ? html`<p class="muted">No posts to chart in this window.</p>` : [seriesChart(series, 'views'), seriesChart(series, 'engagement')]}
<h2>Compared with the period before</h2>
<div class="table"><table><thead><tr><th scope="col">Period</th><th scope="col">Views</th><th scope="col">Engagement</th><th scope="col">Posts</th></tr></thead>
<tbody>${comparison('Last 7 days', a.weekOnWeek)}${comparison('Last 30 days', a.monthOnMonth)}${comparison('Last 365 days', a.yearOnYear)}</tbody></table></div>
<h2>When it works best (UTC)</h2>
<ul>${best('Hour', a.bestHour)}${best('Weekday', a.bestWeekday)}${best('Category', a.bestCategory)}</ul>
<h2>Top posts per platform</h2>
${
  platforms.length === 0
    ? html`<p class="muted">Nothing was published in this window.</p>`
    : platforms.map(
        (p) =>
          html`<h3>${PLATFORM_NAMES[p]}</h3>${
            (a.topPosts[p] ?? []).length === 0
              ? html`<p class="muted">No figures yet.</p>`
              : html`<ol>${(a.topPosts[p] ?? []).map((t) => html`<li><a href="/app/posts/${t.postId}">${t.postId}</a>: ${t.value} engagement</li>`)}</ol>`
          }${
            (a.coverage[p]?.missing ?? []).length === 0
              ? ''
              : html`<p class="muted">${(a.coverage[p]?.missing ?? []).map((m) => `${m.posts} post(s) without figures: ${m.reason.replaceAll('_', ' ')}`).join('; ')}</p>`
          }`,
      )
}`;
  return htmlReply(200, consolePage(c.session, { title: 'Analytics', section: '/app/analytics', body }));
}

/** Views and engagement of the published posts. */
export const analyticsRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/analytics', access: 'signed', run: show },
];
