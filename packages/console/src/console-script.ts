import { createHash } from 'node:crypto';

/**
 * The console's one script: progressive enhancement only (every page works without it). It
 * reveals the copy buttons and copies what they point at, and offers the browser's time zone in a
 * select marked for it (pre-selected and said; saving it stays the person's choice), and sends
 * it with the sign-in form, for core to adopt when the person never chose one.
 */
export const CONSOLE_JS = `
for (const button of document.querySelectorAll('[data-copy]')) {
  const target = document.getElementById(button.getAttribute('data-copy'));
  if (!target || !navigator.clipboard) continue;
  button.hidden = false;
  button.addEventListener('click', async () => {
    await navigator.clipboard.writeText(target.textContent.trim());
    button.textContent = 'Copied';
  });
}
for (const input of document.querySelectorAll('form input[type=hidden][name=timeZone]')) {
  input.value = Intl.DateTimeFormat().resolvedOptions().timeZone || '';
}
for (const select of document.querySelectorAll('select[data-browser-zone]')) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const option = Array.from(select.options).find((o) => o.value === zone);
  if (!option || option.selected) continue;
  option.selected = true;
  const note = document.getElementById(select.getAttribute('data-browser-zone'));
  if (!note) continue;
  note.textContent = 'Your browser is set to ' + zone + ', chosen here: save to use it.';
  note.hidden = false;
}
`;

/** The script's path: its name carries a hash of its content. */
export const CONSOLE_JS_PATH = `/app/assets/console-${createHash('sha256').update(CONSOLE_JS).digest('hex').slice(0, 12)}.js`;
