// Numeric references, so the same text escapes the same way in element content and in any
// quoted attribute value. This is the one escaper: the console, the OAuth and sandbox pages
// (through @svc/web) and the notification e-mails all write HTML with it.
const NUMERIC: Readonly<Record<string, string>> = {
  '&': '&#38;',
  '<': '&#60;',
  '>': '&#62;',
  '"': '&#34;',
  "'": '&#39;',
};

const SPECIAL = /[&<>"']/g;

/** Escapes text for HTML element content and quoted attribute values (numeric character references). */
export function escapeHtml(text: string): string {
  return text.replace(SPECIAL, (c) => NUMERIC[c] ?? c);
}
