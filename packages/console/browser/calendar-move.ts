// The calendar's script (served as /app/assets/calendar-move-<hash>.js, built by
// scripts/build-browser.ts): a post can be dragged to another day. The drop fills the post's own
// "Move to…" form with the day it landed on, keeping its time of day, and sends that form, so the
// move is the very request the form makes without a script (and the keyboard's way, the form
// itself, stays). No rule is decided here: the server moves the post through core's edit.

const DRAGGED = 'application/x-svc-move-form';

for (const entry of document.querySelectorAll<HTMLElement>('[data-move-form]')) {
  entry.draggable = true;
  entry.addEventListener('dragstart', (event) => {
    event.dataTransfer?.setData(DRAGGED, entry.dataset.moveForm ?? '');
    if (event.dataTransfer !== null) event.dataTransfer.effectAllowed = 'move';
    entry.classList.add('dragging');
  });
  entry.addEventListener('dragend', () => entry.classList.remove('dragging'));
}

for (const day of document.querySelectorAll<HTMLElement>('[data-day]')) {
  day.addEventListener('dragover', (event) => {
    if (!event.dataTransfer?.types.includes(DRAGGED)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    day.classList.add('drop-target');
  });
  day.addEventListener('dragleave', (event) => {
    if (!day.contains(event.relatedTarget as Node | null)) day.classList.remove('drop-target');
  });
  day.addEventListener('drop', (event) => {
    day.classList.remove('drop-target');
    const form = document.getElementById(event.dataTransfer?.getData(DRAGGED) ?? '');
    const date = form?.querySelector<HTMLInputElement>('input[name=date]');
    const target = day.dataset.day;
    if (!(form instanceof HTMLFormElement) || date == null || target === undefined) return;
    event.preventDefault();
    if (date.value === target) return;
    date.value = target;
    // Said while the page is sent: the day is the drop's, the time of day the post's own.
    day.setAttribute('aria-busy', 'true');
    form.requestSubmit();
  });
}
