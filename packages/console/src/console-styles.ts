import { createHash } from 'node:crypto';
import { WEB_CSS } from '@svc/web';

/**
 * The console's one stylesheet: the design system every surface shares (`WEB_CSS`), then the
 * layouts of the console's own pages. Served from /app/assets/ under a name that changes with its
 * content (cached for good). Pages carry no inline style: the Content-Security-Policy forbids it.
 */
export const CONSOLE_CSS = `${WEB_CSS}
.switcher{margin:0 0 1rem;padding-bottom:.75rem;border-bottom:1px solid var(--line);display:flex;flex-wrap:wrap;gap:.4rem;align-items:end;font-size:.9rem}.switcher label{flex-basis:100%;color:var(--muted)}.switcher select{flex:1 1 8rem;min-width:0;font-size:.82rem;padding-inline:.4rem}
@media (min-width:48rem){td.scopes code{white-space:nowrap}}
.plan-notice{border-left:4px solid var(--warn)}.plan-notice-lapsed{border-left-color:var(--bad)}
.plan-notice p{margin:.4rem 0}
.platform-warning{border-left:4px solid var(--warn);background:#fffaf0}.platform-warning p{margin:.4rem 0}
.warning-text{color:var(--warn)}
.excerpt{margin:0;white-space:pre-wrap;overflow-wrap:anywhere;font:.85rem/1.4 ui-monospace,monospace}
.secret{font-family:ui-monospace,monospace;word-break:break-all;background:#fffbe6;border:1px solid #d4b106;padding:.75rem;border-radius:4px}
.calendar table{table-layout:fixed}
.calendar abbr{text-decoration:none}
.calendar td{height:6rem;overflow-wrap:anywhere}
.calendar td[aria-current=date]{background:var(--accent-soft)}
.day{font-weight:600}
.day-posts{list-style:none;margin:.25rem 0 0;padding:0;font-size:.85rem}
.day-posts li{margin:0 0 .4rem;min-width:0}
.day-posts .mark{width:1.1rem;height:1.1rem;font-size:.55rem;border-radius:4px}
.post-platforms{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem;margin-top:.15rem}
/* A calendar entry: slide 1's thumbnail beside the time and caption, then each platform's mark and status. */
.entry-link{display:flex;gap:.4rem;align-items:flex-start}
.entry-link .thumb{flex:none}
.entry-text{min-width:0;overflow-wrap:break-word}
.entry-status{display:flex;flex-wrap:wrap;align-items:center;gap:.2rem;margin-top:.15rem}
.entry[draggable=true]{cursor:grab}
.entry.dragging{opacity:.5}
[data-day].drop-target,.free-slot.drop-target{outline:3px dashed var(--accent);outline-offset:-3px;background:var(--accent-soft)}
.move>summary{cursor:pointer;font-size:.8rem;color:var(--accent);margin-top:.15rem;width:max-content}
.move form{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);padding:.5rem;margin-top:.25rem;box-shadow:var(--shadow)}
.move label{margin-top:.25rem}.move input{width:100%}.move .small{margin-top:.4rem}
/* In a month's narrow cell the open form stacks its fields and the row grows to hold it. */
.calendar .entry-link{flex-direction:column;gap:.2rem}
.calendar .move form{padding:.35rem}
.calendar .move input{padding:.3rem .25rem;font-size:.8rem}
.week-day .day-posts li{display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:flex-start}
.week-day .entry-link{flex:1 1 16rem}
/* A month is a grid on wide screens and an agenda (days with posts, one under the other) on phones. */
.agenda{list-style:none;margin:0;padding:0}
.agenda>li{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);padding:.75rem 1rem;margin:0 0 .75rem}
.agenda h2{font-size:1rem;margin:0 0 .25rem}
.agenda .day-posts{font-size:.95rem}
@media (max-width:48rem){.calendar{display:none}}
@media (min-width:48.01rem){.agenda{display:none}}
/* The evergreen rule: two short numbers, a refusal said under the field it is about. */
.evergreen-rule input[type=number]{max-width:9rem}
.evergreen-rule .evergreen-number label{display:block;font-weight:600;margin:.6rem 0 .25rem}
/* A checkbox stays beside its words when they wrap on a phone. */
.evergreen-rule>label{flex-wrap:nowrap;align-items:flex-start}.evergreen-rule>label>input{flex:none;margin-top:.3rem}
.field-error{color:var(--bad);font-weight:600;margin:.25rem 0}
[aria-invalid=true]{border-color:var(--bad)}
.evergreen details{margin:0}.copies{margin:.25rem 0 .75rem;padding-left:1.25rem}.copies li{margin:0 0 .35rem}
.slides{display:flex;flex-wrap:wrap;gap:.75rem;list-style:none;padding:0}
/* Compose's per-platform preview: one card per platform, side by side where they fit. */
.previews{display:flex;flex-wrap:wrap;gap:1rem;list-style:none;margin:0;padding:0}
.preview{flex:0 1 15rem;min-width:0;border:1px solid var(--line);border-radius:var(--radius);padding:.75rem;background:var(--bg)}
.preview h3{margin:0 0 .5rem;font-size:1rem}
.preview-frame{display:block;max-width:100%;height:auto;border-radius:4px;background:var(--line);margin-bottom:.5rem}
.preview-title{font-weight:700;margin:.25rem 0}
.preview-caption{white-space:pre-wrap;overflow-wrap:anywhere;margin:.25rem 0}
.preview-more{color:var(--muted);font-weight:600}
.preview-notes{margin:.5rem 0 0;padding-left:1.1rem;font-size:.85rem;color:var(--muted)}
.thumb{display:block;object-fit:cover;border-radius:4px;border:1px solid var(--line)}
.thumb.placeholder{color:var(--muted);border:0}
.slides img{display:block;object-fit:cover;border-radius:4px;border:1px solid var(--line)}
.slides li{display:flex;flex-direction:column;gap:.25rem;font-size:.85rem}
.slide-actions{display:flex;gap:.25rem}
.summary{font-weight:600;margin:0 0 .5rem}.summary.has-errors{color:var(--bad)}
.counters,.issues{margin:.25rem 0 .75rem;padding-left:1.25rem}
.counter-value{color:var(--muted)}.counter.over,.counter.over .counter-value{color:var(--bad);font-weight:600}
.issues li{margin:0 0 .35rem}.issues .error strong{color:var(--bad)}.issues .warning strong{color:var(--warn)}
.chart{max-width:40rem;margin:1rem 0;display:block}
.bar{fill:var(--accent)}
.line-chart{max-width:48rem;margin:.5rem 0}
.line-chart text{fill:var(--muted);font-size:12px}
.rule{stroke:var(--line);stroke-width:1}
.series{fill:none;stroke-width:2;stroke-linejoin:round;stroke-linecap:round}
.series-instagram{stroke:#b4235e}.dot-instagram{fill:#b4235e}
.series-tiktok{stroke:#00796b;stroke-dasharray:7 4}.dot-tiktok{fill:#00796b}
.series-youtube{stroke:#c4302b;stroke-dasharray:1 4}.dot-youtube{fill:#c4302b}
.series-threads{stroke:#1d1d1b;stroke-dasharray:10 3 2 3}.dot-threads{fill:#1d1d1b}
.series-facebook{stroke:#1a5fb4;stroke-dasharray:14 5}.dot-facebook{fill:#1a5fb4}
.legend{list-style:none;margin:0 0 .5rem;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;font-size:.9rem}
.legend li{display:inline-flex;align-items:center;gap:.4rem}
/* An account's slots grid and queue. */
table.slots td,table.slots th{text-align:center}
table.slots input[type=time]{width:auto}
.queue{padding-left:1.5rem}
.queue-item{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem 1rem;padding:.4rem 0;border-bottom:1px solid var(--line)}
.queue-time{font-variant-numeric:tabular-nums;min-width:12rem}
.queue-actions{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem;margin-left:auto}
.inline-check{display:inline-flex;align-items:center;gap:.3rem;margin:0;font-weight:400}
.inline-check input{width:auto}
/* Compose's TikTok settings: one switch a line; the disclosure's sentences follow the boxes ticked
   (TikTok's Content Sharing Guidelines), without the script. */
#tiktok-options .inline-check{display:flex;margin:.35rem 0}
.inline-check.greyed{color:var(--muted)}
.tiktok-limit{color:var(--bad);font-weight:600}
.tiktok-label{font-weight:600;margin:.35rem 0}
#tiktok-options [data-when]{display:none}
#tiktok-options:has(#tt-disclose:checked) [data-when=disclosed]{display:block;padding-left:1.5rem}
#tiktok-options:has(#tt-disclose:checked):not(:has(#tt-your-brand:checked)):not(:has(#tt-branded:checked)) [data-when=choose]{display:block;color:var(--bad)}
#tiktok-options:has(#tt-disclose:checked):has(#tt-your-brand:checked):not(:has(#tt-branded:checked)) [data-when=promotional]{display:block}
#tiktok-options:has(#tt-disclose:checked):has(#tt-branded:checked) [data-when=branded]{display:block}
#tiktok-options:not(:has(#tt-disclose:checked)) [data-when=plain],#tiktok-options:has(#tt-disclose:checked):not(:has(#tt-branded:checked)) [data-when=plain]{display:block}
#tiktok-options:has(#tt-disclose:checked):has(#tt-branded:checked) option[value=SELF_ONLY]{display:none}
/* On a phone the grid's eight columns fit without scrolling sideways. */
@media (max-width:40rem){table.slots th,table.slots td{padding:.35rem .1rem}table.slots input[type=time]{padding:.3rem .2rem;font-size:.8rem}.queue{padding-left:1.1rem}}
/* A free slot on the calendar: quiet, labelled, not a post. */
.free-slots{list-style:none;margin:.25rem 0 0;padding:0}
.free-slot{font-size:.75rem;border:1px dashed var(--line);border-radius:4px;padding:.1rem .3rem;margin:0 0 .25rem;overflow-wrap:anywhere}
.free-slot a{color:var(--muted);text-decoration:none}.free-slot a:hover{text-decoration:underline}
`;

/** The stylesheet's path: its name carries a hash of its content. */
export const CONSOLE_CSS_PATH = `/app/assets/console-${createHash('sha256').update(CONSOLE_CSS).digest('hex').slice(0, 12)}.css`;
