// Compose's Threads reply chain in the browser (part of compose-checks.js): parts are added and
// removed in place, renumbered so the server reads each part's media with its text, and the
// chain is handed to the live checks. Without the script the server always offers a blank part.
import { THREADS_FIELD_NAMES as N, threadsFormFields, threadsMetaOf } from '../src/threads-form-meta.js';

/** `platformMeta.threads` as the form holds it now; null when nothing is set. */
export function threadsMetaOfForm(form: HTMLFormElement): Record<string, unknown> | null {
  const valuesOf = (name: string) =>
    Array.from(form.querySelectorAll<HTMLTextAreaElement | HTMLSelectElement>(`[name="${name}"]`)).flatMap(
      (control) =>
        control instanceof HTMLSelectElement
          ? Array.from(control.selectedOptions, (option) => option.value)
          : [control.value],
    );
  return threadsMetaOf(threadsFormFields(valuesOf));
}

/** Add and Remove for the chain's parts; `changed` redraws the checks. */
export function enableThreadParts(form: HTMLFormElement, changed: () => void): void {
  const list = form.querySelector<HTMLElement>('#thread-parts');
  const template = form.querySelector<HTMLTemplateElement>('#thread-part-template');
  const found = form.querySelector<HTMLElement>('[data-add-part]');
  if (list === null || template === null || found === null) return;
  const add: HTMLElement = found;
  const max = Number(list.dataset.max ?? '20');
  const parts = () => Array.from(list.querySelectorAll<HTMLFieldSetElement>('[data-thread-part]'));
  // The server's blank part is for pages without the script: here parts are added on demand.
  const last = parts().at(-1);
  if (parts().length > 1 && last !== undefined && isBlank(last)) last.remove();

  function renumber(): void {
    const items = parts();
    items.forEach((li, index) => {
      const n = String(index + 1);
      const caption = li.querySelector<HTMLTextAreaElement>('textarea');
      const media = li.querySelector<HTMLSelectElement>('select');
      for (const number of li.querySelectorAll('[data-part-number]')) number.replaceChildren(n);
      if (caption !== null) caption.id = `thread-caption-${index}`;
      if (media !== null) {
        media.id = `thread-media-${index}`;
        media.name = N.media(index);
      }
      li.querySelectorAll('label').forEach((label, i) => {
        label.htmlFor = i === 0 ? `thread-caption-${index}` : `thread-media-${index}`;
      });
    });
    add.hidden = items.length >= max;
  }

  add.hidden = false;
  add.querySelector('button')?.addEventListener('click', () => {
    if (parts().length >= max) return;
    list.append(template.content.cloneNode(true));
    renumber();
    parts().at(-1)?.querySelector('textarea')?.focus();
    changed();
  });
  list.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest('[data-remove-part]');
    const item = button?.closest<HTMLFieldSetElement>('[data-thread-part]');
    if (item === null || item === undefined) return;
    const index = parts().indexOf(item);
    item.remove();
    renumber();
    // Keep the keyboard near: the part that took its place, or Add.
    (
      parts()[Math.min(index, parts().length - 1)]?.querySelector('textarea') ?? add.querySelector('button')
    )?.focus();
    changed();
  });
  renumber();
}

function isBlank(li: HTMLFieldSetElement): boolean {
  const caption = li.querySelector<HTMLTextAreaElement>('textarea')?.value ?? '';
  const media = li.querySelector<HTMLSelectElement>('select')?.selectedOptions.length ?? 0;
  return caption.trim() === '' && media === 0;
}
