import { createHash } from 'node:crypto';
import type { WebReply } from './web-reply.js';

/**
 * The design system's one stylesheet, shared by every HTML surface (the console, the OAuth pages,
 * the sandbox's pages, the connect pages): colours, type, the shell and its grouped navigation,
 * buttons, fields, cards, badges, platform marks, avatars, empty states, tables that stack on
 * phones. Pages carry no inline style: the Content-Security-Policy forbids it.
 */
export const WEB_CSS = `
:root{--ink:#1c1d21;--muted:#585b63;--line:#dcdde3;--field:#8b8d96;--bg:#f4f5f7;--card:#fff;--accent:#3446c9;--accent-ink:#fff;--accent-soft:#eceefc;--bad:#b42318;--bad-soft:#fdeceb;--good:#17663a;--good-soft:#e7f4ec;--warn:#845000;--warn-soft:#fff6e5;--radius:10px;--shadow:0 1px 2px rgba(20,22,30,.06),0 1px 6px rgba(20,22,30,.05)}
*{box-sizing:border-box}
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:var(--bg);color:var(--ink);-webkit-text-size-adjust:100%}
a{color:var(--accent);text-underline-offset:.15em}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem;z-index:3}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
h1{font-size:1.6rem;line-height:1.25;margin:.25rem 0 1rem;overflow-wrap:break-word}
h2{font-size:1.15rem;line-height:1.3;margin:1.5rem 0 .5rem}
h3{font-size:1rem;margin:1rem 0 .25rem}
.muted{color:var(--muted)}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.88em;background:#eef0f3;padding:0 .25rem;border-radius:4px;overflow-wrap:anywhere}
.url{overflow-wrap:anywhere}

/* The shell: a sidebar of grouped sections on wide screens, a menu button on phones. */
.shell{min-height:100vh}
.sidebar{position:relative;background:var(--card);border-bottom:1px solid var(--line);padding:.5rem 1rem;display:flex;flex-wrap:wrap;align-items:center;gap:0 1rem}
.brand{display:inline-flex;align-items:center;gap:.5rem;font-weight:700;font-size:1.15rem;color:var(--ink);text-decoration:none;padding:.25rem 0}
.logo{display:inline-grid;place-items:center;width:1.9rem;height:1.9rem;border-radius:8px;background:var(--accent);color:var(--accent-ink);font-size:1rem}
.menu{flex-basis:100%;margin:0}
.menu>summary{position:absolute;top:.5rem;right:1rem;list-style:none;display:inline-flex;align-items:center;gap:.4rem;min-height:2.5rem;padding:.35rem .9rem;border:1px solid var(--line);border-radius:999px;color:var(--ink);font-weight:600;cursor:pointer}
.menu>summary::-webkit-details-marker{display:none}
.menu>summary::before{content:"";width:1rem;height:.7rem;border-block:2px solid currentColor;background:linear-gradient(currentColor,currentColor) center/100% 2px no-repeat}
.menu-body{padding:.5rem 0}
.nav-title{margin:.75rem 0 .25rem;font-size:.75rem;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:var(--muted)}
.nav-list{list-style:none;margin:0;padding:0}
.nav-list a{display:block;padding:.45rem .75rem;border-radius:8px;color:var(--ink);text-decoration:none}
.nav-list a:hover{background:var(--bg)}
.nav-list a[aria-current=page]{background:var(--accent-soft);color:var(--accent);font-weight:700}
.who{margin-top:1rem;padding-top:.75rem;border-top:1px solid var(--line);display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;font-size:.9rem;color:var(--muted);overflow-wrap:anywhere}
.who span{flex-basis:100%}
main{padding:1rem;max-width:72rem;min-width:0}
@media (min-width:60rem){
.shell{display:grid;grid-template-columns:15rem minmax(0,1fr)}
.sidebar{display:block;border-bottom:0;border-right:1px solid var(--line);padding:1.25rem 1rem}
.menu{margin:0}
main{padding:1.5rem 2rem}}
/* Where the browser lets a closed <details> show its content, wide screens skip the menu button. */
@supports selector(::details-content){@media (min-width:60rem){
.menu>summary{display:none}
.menu::details-content{content-visibility:visible;display:contents}}}

/* Pages of their own: sign-in, consent, errors, the end of a connection. */
.standalone{max-width:30rem;margin:0 auto;padding:2rem 1rem}
.standalone>.brand{margin:0 0 1rem}
.standalone main,.standalone>.card{padding:1.5rem}
.standalone main{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);box-shadow:var(--shadow);max-width:none}

/* Cards, grids, figures. */
.card{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);box-shadow:var(--shadow);padding:1rem;margin:0 0 1rem;min-width:0}
.card>h2:first-child{margin-top:0}
.grid{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,9rem),1fr))}
.grid>.card{margin:0}
form+.grid,form+.card{margin-top:1rem}
.stat{font-size:1.6rem;font-weight:700}

/* Buttons. */
button,.button{font:inherit;font-weight:600;line-height:1.25;padding:.55rem 1.1rem;min-height:2.5rem;border-radius:8px;border:1px solid var(--accent);background:var(--accent);color:var(--accent-ink);cursor:pointer;text-decoration:none;display:inline-flex;align-items:center;justify-content:center;gap:.4rem;max-width:100%;overflow-wrap:break-word}
button:hover,.button:hover{filter:brightness(1.08)}
button.secondary,.button.secondary{background:var(--card);color:var(--accent);border-color:var(--line)}
button.danger,.button.danger{background:var(--bad);border-color:var(--bad);color:#fff}
button.small,.button.small{padding:.15rem .6rem;min-width:2.25rem;min-height:2.25rem}
button:disabled{opacity:.45;cursor:default;filter:none}
.inline{display:inline}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin-top:.75rem}

/* Fields. */
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input[type=text],input[type=email],input[type=password],input[type=url],input[type=search],input[type=number],input[type=datetime-local],input[type=date],input[type=time],select,textarea{font:inherit;width:100%;max-width:32rem;min-height:2.5rem;padding:.45rem .6rem;border:1px solid var(--field);border-radius:8px;background:#fff;color:var(--ink)}
textarea{max-width:40rem}
input[type=file]{font:inherit;max-width:100%}
fieldset{border:1px solid var(--line);border-radius:var(--radius);margin:.75rem 0;padding:.5rem 1rem;min-width:0}
legend{font-weight:600;padding:0 .25rem}
fieldset label{display:inline-flex;flex-wrap:wrap;align-items:baseline;gap:.35rem;font-weight:400;margin:.25rem 1rem .25rem 0;max-width:100%}
.hint,.note{color:var(--muted);font-size:.9rem;margin:.25rem 0}

/* Messages. */
[role=alert]{background:var(--bad-soft);border:1px solid var(--bad);padding:.6rem 1rem;border-radius:8px;margin:0 0 1rem;overflow-wrap:anywhere}
[role=status]{background:var(--good-soft);border:1px solid var(--good);padding:.6rem 1rem;border-radius:8px;margin:0 0 1rem}
[role=status]:empty{display:none}
.qr-code{display:block;width:12rem;height:12rem;margin:0 0 1rem}
details{margin:0 0 1rem}summary{cursor:pointer;color:var(--accent)}

/* Badges: the text says it, the colour only repeats it. */
.badge,.status{display:inline-block;padding:0 .55rem;border-radius:999px;font-size:.82rem;font-weight:600;line-height:1.6;border:1px solid var(--line);background:var(--card);white-space:nowrap;vertical-align:baseline}
.status-posted,.status-delivered,.badge-good{color:var(--good);border-color:var(--good);background:var(--good-soft)}
.status-failed,.badge-bad{color:var(--bad);border-color:var(--bad);background:var(--bad-soft)}
.status-pending_approval,.status-draft,.badge-warn{color:var(--warn);border-color:var(--warn);background:var(--warn-soft)}
.status-scheduled{color:var(--accent);border-color:var(--accent);background:var(--accent-soft)}

/* Platform marks (always with the platform's name, shown or spoken) and avatars. */
.platform{display:inline-flex;align-items:center;gap:.35rem;white-space:nowrap}
.mark{display:inline-grid;place-items:center;flex:none;width:1.4rem;height:1.4rem;border-radius:6px;font-size:.68rem;font-weight:800;letter-spacing:-.02em;color:#fff;background:#44464f}
.mark-instagram{background:#b02a73}.mark-threads{background:#111}.mark-facebook{background:#1461c9}.mark-tiktok{background:#0f5e57}.mark-youtube{background:#c4110e}
.avatar{display:inline-grid;place-items:center;flex:none;width:2.5rem;height:2.5rem;border-radius:50%;object-fit:cover;background:var(--accent-soft);color:var(--accent);font-weight:700;border:1px solid var(--line);overflow:hidden}
.identity{display:flex;align-items:flex-start;gap:.6rem;min-width:min(100%,12rem)}
.identity>span{min-width:0;overflow-wrap:break-word}

/* Empty states: what is missing and the next step. */
.empty{border:1px dashed var(--field);border-radius:var(--radius);padding:1.25rem;text-align:center;background:var(--card);margin:0 0 1rem}
.empty p{margin:0 0 .75rem;color:var(--muted)}
.empty .button{margin:0}

/* Tables, which become stacked cards on phones. */
table{width:100%;border-collapse:collapse;background:var(--card)}
th,td{text-align:left;padding:.55rem .6rem;border-bottom:1px solid var(--line);vertical-align:top}
th{font-size:.82rem;color:var(--muted);font-weight:600}
tr:last-child>td{border-bottom:0}
.table{overflow-x:auto;border:1px solid var(--line);border-radius:var(--radius);background:var(--card);box-shadow:var(--shadow)}
.table+.card{margin-top:1rem}
ul.plain{list-style:none;padding:0;margin:.25rem 0;overflow-wrap:anywhere}
ul.plain li{margin:.15rem 0}
dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.25rem 1rem;margin:0}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
@media (max-width:40rem){
dl{grid-template-columns:minmax(0,1fr)}dd{margin-bottom:.35rem}
.stack table,.stack tbody,.stack tr,.stack td{display:block}
.stack thead{position:absolute;left:-9999px}
.stack tr{border-bottom:1px solid var(--line);padding:.5rem 0}
.stack tr:last-child{border-bottom:0}
.stack td{border:0;padding:.15rem .75rem}
.stack td[data-label]::before{content:attr(data-label) ": ";font-weight:600;color:var(--muted)}}
`;

/** The stylesheet's file name: it carries a hash of the content, so it may be cached for good. */
export const WEB_CSS_FILE = `svc-${createHash('sha256').update(WEB_CSS).digest('hex').slice(0, 12)}.css`;

/** A stylesheet as served: named after its content, so cached for a year and never revalidated. */
export function stylesheetReply(css: string): WebReply {
  return {
    status: 200,
    body: css,
    contentType: 'text/css; charset=utf-8',
    headers: { 'cache-control': 'public, max-age=31536000, immutable' },
  };
}
