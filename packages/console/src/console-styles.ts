import { createHash } from 'node:crypto';

/**
 * The console's one stylesheet, served from /app/assets/ under a name that changes with its
 * content (cached for good). Pages carry no inline style: the Content-Security-Policy forbids it.
 */
export const CONSOLE_CSS = `
:root{--ink:#1d1d1b;--muted:#5b5b57;--line:#d9d9d4;--bg:#f6f6f4;--card:#fff;--accent:#1a5fb4;--bad:#a61b1b;--good:#1c6b34;--warn:#7a5200}
*{box-sizing:border-box}
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;background:var(--bg);color:var(--ink)}
a{color:var(--accent)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem;z-index:2}
header{background:#fff;border-bottom:1px solid var(--line)}
.bar{max-width:72rem;margin:0 auto;padding:.5rem 1rem;display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center}
.brand{font-weight:700;font-size:1.1rem;color:var(--ink);text-decoration:none}
nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1rem}
nav a{text-decoration:none;padding:.25rem 0;display:inline-block}
nav a[aria-current=page]{font-weight:700;border-bottom:2px solid var(--accent)}
.who{margin-left:auto;display:flex;gap:.75rem;align-items:center;flex-wrap:wrap;font-size:.9rem;color:var(--muted)}
main{max-width:72rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem;overflow-wrap:break-word}
h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:1rem;margin:0 0 1rem}
.card>h2:first-child{margin-top:0}
.grid{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr))}
.stat{font-size:1.6rem;font-weight:700}
table{width:100%;border-collapse:collapse;background:var(--card)}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid var(--line);vertical-align:top}
th{font-size:.85rem;color:var(--muted);font-weight:600}
.table{overflow-x:auto;border:1px solid var(--line);border-radius:8px}
.status{display:inline-block;padding:0 .5rem;border-radius:999px;font-size:.85rem;border:1px solid var(--line);white-space:nowrap}
.status-posted{color:var(--good);border-color:var(--good)}
.status-failed{color:var(--bad);border-color:var(--bad)}
.status-pending_approval,.status-draft{color:var(--warn);border-color:var(--warn)}
.status-delivered{color:var(--good);border-color:var(--good)}
.muted{color:var(--muted)}
ul.plain{list-style:none;padding:0;margin:.25rem 0}
ul.plain li{margin:.15rem 0}
ul.plain{overflow-wrap:anywhere}
@media (min-width:48rem){td.scopes code{white-space:nowrap}}
.table+.card{margin-top:1.5rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input[type=text],input[type=email],input[type=password],input[type=url],select,textarea{font:inherit;width:100%;max-width:32rem;padding:.5rem;border:1px solid #8a8a85;border-radius:4px;background:#fff}
fieldset{border:1px solid var(--line);border-radius:8px;margin:.75rem 0;padding:.5rem 1rem}
fieldset label{display:inline-flex;flex-wrap:wrap;align-items:baseline;gap:.35rem;font-weight:400;margin:.25rem 1rem .25rem 0;max-width:100%}
button,.button{font:inherit;padding:.45rem 1rem;border-radius:4px;border:1px solid var(--accent);background:var(--accent);color:#fff;cursor:pointer;text-decoration:none;display:inline-block}
button.secondary{background:#fff;color:var(--accent)}
button.danger{background:var(--bad);border-color:var(--bad)}
.inline{display:inline}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin-top:.75rem}
[role=alert]{background:#fdecea;border:1px solid var(--bad);padding:.5rem 1rem;border-radius:4px;margin:0 0 1rem}
[role=status]{background:#e8f3ec;border:1px solid var(--good);padding:.5rem 1rem;border-radius:4px;margin:0 0 1rem}
.plan-notice{border-left:4px solid var(--warn)}.plan-notice-lapsed{border-left-color:var(--bad)}
.plan-notice p{margin:.4rem 0}
.platform-warning{border-left:4px solid var(--warn);background:#fffaf0}.platform-warning p{margin:.4rem 0}
.warning-text{color:var(--warn)}
.table+.card{margin-top:1rem}
code{font-family:ui-monospace,monospace;font-size:.9em;background:#f0f0ec;padding:0 .25rem;border-radius:3px;overflow-wrap:anywhere}
.url{overflow-wrap:anywhere}
.excerpt{margin:0;white-space:pre-wrap;overflow-wrap:anywhere;font:.85rem/1.4 ui-monospace,monospace}
.secret{font-family:ui-monospace,monospace;word-break:break-all;background:#fffbe6;border:1px solid #d4b106;padding:.75rem;border-radius:4px}
.signin{max-width:26rem;margin:3rem auto}
.calendar td{width:14.28%;min-height:5rem;height:5rem}
.calendar td[aria-current=date]{background:#eef4fc}
.day{font-weight:600}
.day-posts{list-style:none;margin:.25rem 0 0;padding:0;font-size:.85rem}
.day-posts li{margin:0 0 .4rem}
.slides{display:flex;flex-wrap:wrap;gap:.75rem;list-style:none;padding:0}
.thumb{display:block;object-fit:cover;border-radius:4px;border:1px solid var(--line)}
.thumb.placeholder{color:var(--muted);border:0}
.slides img{display:block;object-fit:cover;border-radius:4px;border:1px solid var(--line)}
.slides li{display:flex;flex-direction:column;gap:.25rem;font-size:.85rem}
.slide-actions{display:flex;gap:.25rem}
button.small{padding:.15rem .6rem;min-width:2.25rem;min-height:2.25rem}
button:disabled{opacity:.45;cursor:default}
.summary{font-weight:600;margin:0 0 .5rem}.summary.has-errors{color:var(--bad)}
.counters,.issues{margin:.25rem 0 .75rem;padding-left:1.25rem}
.counter-value{color:var(--muted)}.counter.over,.counter.over .counter-value{color:var(--bad);font-weight:600}
.issues li{margin:0 0 .35rem}.issues .error strong{color:var(--bad)}.issues .warning strong{color:var(--warn)}
textarea{font:inherit;width:100%;max-width:40rem;padding:.5rem;border:1px solid #8a8a85;border-radius:4px}
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
details{margin:0 0 1rem}summary{cursor:pointer;color:var(--accent)}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
h3{font-size:1rem;margin:1rem 0 .25rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}
dt{font-weight:600}dd{margin:0;word-break:break-word}
@media (max-width:40rem){.who{margin-left:0}
.stack table,.stack tbody,.stack tr,.stack td{display:block}
.stack thead{position:absolute;left:-9999px}
.stack tr{border-bottom:1px solid var(--line);padding:.5rem 0}
.stack td{border:0;padding:.15rem .75rem}
.stack td[data-label]::before{content:attr(data-label) ": ";font-weight:600;color:var(--muted)}}
`;

/** The stylesheet's path: its name carries a hash of its content. */
export const CONSOLE_CSS_PATH = `/app/assets/console-${createHash('sha256').update(CONSOLE_CSS).digest('hex').slice(0, 12)}.css`;
