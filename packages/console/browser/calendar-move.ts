// The calendar's script (served as /app/assets/calendar-move-<hash>.js, built by
// scripts/build-browser.ts): a post can be dragged to another day, or onto a free posting slot of
// its own account. The drop fills the post's own "Move to…" form (the day it landed on, keeping
// its time of day; on a slot, the slot's day and time) and sends that form, so the move is the
// very request the form makes without a script (and the keyboard's way, the form itself, stays).
// No rule is decided here: the server moves the post through core's edit.

const DRAGGED = 'application/x-svc-move-form';

// The entry being dragged: a dragover cannot read the drag's data, only its types, and a slot
// takes only its own account's posts.
let dragged: HTMLElement | null = null;

for (const entry of document.querySelectorAll<HTMLElement>('[data-move-form]')) {
  entry.draggable = true;
  entry.addEventListener('dragstart', (event) => {
    event.dataTransfer?.setData(DRAGGED, entry.dataset.moveForm ?? '');
    if (event.dataTransfer !== null) event.dataTransfer.effectAllowed = 'move';
    entry.classList.add('dragging');
    dragged = entry;
  });
  entry.addEventListener('dragend', () => {
    entry.classList.remove('dragging');
    dragged = null;
  });
}

/** Makes `target` a drop target for the entries `accepts` admits; a drop moves to `moveTo()`. */
function dropTarget(
  target: HTMLElement,
  accepts: (entry: HTMLElement) => boolean,
  moveTo: () => { day: string; time: string | null } | null,
): void {
  target.addEventListener('dragover', (event) => {
    if (!event.dataTransfer?.types.includes(DRAGGED) || dragged === null || !accepts(dragged)) return;
    // A slot sits inside its day: it answers for the drop, the day does not.
    event.stopPropagation();
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    target.classList.add('drop-target');
  });
  target.addEventListener('dragleave', (event) => {
    if (!target.contains(event.relatedTarget as Node | null)) target.classList.remove('drop-target');
  });
  target.addEventListener('drop', (event) => {
    target.classList.remove('drop-target');
    // A drop on a slot that refused the entry goes on to the day around it.
    if (dragged !== null && !accepts(dragged)) return;
    const form = document.getElementById(event.dataTransfer?.getData(DRAGGED) ?? '');
    const day = form?.querySelector<HTMLInputElement>('input[name=date]');
    const time = form?.querySelector<HTMLInputElement>('input[name=time]');
    const to = moveTo();
    if (!(form instanceof HTMLFormElement) || day == null || time == null || to === null) return;
    event.stopPropagation();
    event.preventDefault();
    if (day.value === to.day && (to.time === null || time.value === to.time)) return;
    day.value = to.day;
    if (to.time !== null) time.value = to.time;
    // Said while the page is sent.
    target.setAttribute('aria-busy', 'true');
    form.requestSubmit();
  });
}

for (const day of document.querySelectorAll<HTMLElement>('[data-day]')) {
  dropTarget(
    day,
    () => true,
    () => (day.dataset.day === undefined ? null : { day: day.dataset.day, time: null }),
  );
}

for (const slot of document.querySelectorAll<HTMLElement>('[data-slot-day]')) {
  dropTarget(
    slot,
    (entry) => (entry.dataset.accounts ?? '').split(' ').includes(slot.dataset.account ?? ''),
    () =>
      slot.dataset.slotDay === undefined || slot.dataset.slotTime === undefined
        ? null
        : { day: slot.dataset.slotDay, time: slot.dataset.slotTime },
  );
}
