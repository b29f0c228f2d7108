import { createHash } from 'node:crypto';

/**
 * The console's one script: progressive enhancement only (every page works without it). Today it
 * reveals the copy buttons and copies what they point at.
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
`;

/** The script's path: its name carries a hash of its content. */
export const CONSOLE_JS_PATH = `/app/assets/console-${createHash('sha256').update(CONSOLE_JS).digest('hex').slice(0, 12)}.js`;
