/**
 * A headless stand-in for the person's browser: fetch with a cookie jar that follows redirects by
 * hand, so a test sees every hop (and stops at the client's redirect URI, which nothing serves).
 */
export type TestBrowser = {
  /** GETs `url`, following redirects until a page answers or a redirect leaves the server. */
  open(url: string): Promise<BrowserPage>;
  /** POSTs a form and follows the redirects that answer it. */
  submit(url: string, fields: Record<string, string>): Promise<BrowserPage>;
  /** The cookies set so far with their attributes, by name. */
  readonly setCookies: Map<string, string>;
};

/** Where the browser ended up. */
export type BrowserPage = {
  readonly status: number;
  readonly url: string;
  readonly html: string;
  /** Set when the last hop redirected away from the server (to the client's redirect URI). */
  readonly redirectedTo: URL | null;
  /** Every URL visited, in order. */
  readonly hops: readonly string[];
};

/** A browser bound to the server at `origin`. */
export function createTestBrowser(origin: string, extraHeaders: Record<string, string> = {}): TestBrowser {
  const jar = new Map<string, string>();
  const setCookies = new Map<string, string>();
  const send = async (url: string, init: RequestInit, hops: string[]): Promise<BrowserPage> => {
    hops.push(url);
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...extraHeaders,
        ...(init.headers as Record<string, string>),
        ...(cookie ? { Cookie: cookie } : {}),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      setCookies.set(name, line);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      await response.arrayBuffer();
      const next = new URL(location, url);
      if (next.origin !== new URL(origin).origin) {
        return { status: response.status, url, html: '', redirectedTo: next, hops };
      }
      if (hops.length > 20) throw new Error(`Too many redirects: ${hops.join(' -> ')}`);
      return send(next.href, { method: 'GET' }, hops);
    }
    return { status: response.status, url, html: await response.text(), redirectedTo: null, hops };
  };
  return {
    setCookies,
    open: (url) => send(url, { method: 'GET' }, []),
    submit: (url, fields) =>
      send(
        new URL(url, origin).href,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
        },
        [],
      ),
  };
}

/** The value of a hidden or text input of a page. */
export function inputValue(html: string, name: string): string {
  const match = new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html);
  if (match?.[1] === undefined) throw new Error(`No input ${name} in the page:\n${html}`);
  return match[1];
}

/** The action of the page's form. */
export function formAction(html: string): string {
  const match = /<form method="post" action="([^"]+)"/.exec(html);
  if (match?.[1] === undefined) throw new Error(`No form in the page:\n${html}`);
  return match[1].replaceAll('&#38;', '&');
}
