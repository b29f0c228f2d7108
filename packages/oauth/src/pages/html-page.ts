import { escapeHtml, type Html } from '@svc/web';

/**
 * A whole page: plain, server-rendered, readable without CSS or JavaScript, one `<main>` landmark
 * and a heading, language set, and styles inline so the page needs no other request.
 */
export function htmlPage(title: string, body: Html): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · svc</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:2rem 1rem;background:#f6f6f4;color:#1d1d1b}
main{max-width:32rem;margin:0 auto;background:#fff;padding:1.5rem 2rem;border-radius:8px;border:1px solid #ddd}
label{display:block;margin-top:1rem;font-weight:600}
input[type=email],input[type=password]{display:block;width:100%;box-sizing:border-box;padding:.5rem;font:inherit;margin-top:.25rem}
button{font:inherit;padding:.5rem 1.25rem;margin:1.25rem .5rem 0 0;cursor:pointer}
[role=alert]{background:#fdecea;border:1px solid #c0392b;padding:.5rem 1rem;border-radius:4px}
code{word-break:break-all}
:focus-visible{outline:3px solid #1a5fb4;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}
