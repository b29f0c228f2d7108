// Compose's uploads with the script: a chosen file is sent at once (alone, with the form's
// anti-forgery token) to /app/compose/upload, which stores it through the same use case as REST
// and answers JSON. A progress bar and a Cancel button show while it runs, and the buttons that
// send the post wait, saying why. Without the script the file goes with the form instead.

/** A stored file as the upload answers it. */
export type UploadedSlide = {
  readonly id: string;
  readonly contentType: string;
  readonly sizeBytes: number;
  readonly width: number | null;
  readonly height: number | null;
  readonly durationMs: number | null;
  readonly size: string;
  readonly previewUrl: string | null;
  /** Slide 1's larger picture for Compose's per-platform preview (images only). */
  readonly frameUrl: string | null;
};

/** Starts uploading on choose; `added` puts the stored file among the slides. */
export function enableUpload(form: HTMLFormElement, added: (slide: UploadedSlide) => void): void {
  const input = form.querySelector<HTMLInputElement>('#file');
  const token = form.querySelector<HTMLInputElement>('input[name=_csrf]')?.value ?? '';
  const box = document.getElementById('upload-progress');
  const bar = document.getElementById('upload-bar') as HTMLProgressElement | null;
  const name = document.getElementById('upload-name');
  const cancel = document.getElementById('upload-cancel');
  const wait = document.getElementById('upload-wait');
  if (input === null || box === null || bar === null) return;
  // The Upload button and its note are for the page without script: a chosen file goes at once.
  for (const unneeded of form.querySelectorAll('[data-upload-button], [data-no-script]')) unneeded.remove();
  const sendButtons = Array.from(form.querySelectorAll<HTMLButtonElement>('button[data-send]'));
  const alert = document.createElement('p');
  alert.setAttribute('role', 'alert');
  alert.hidden = true;
  box.after(alert);
  let running: XMLHttpRequest | null = null;

  const busy = (on: boolean) => {
    box.hidden = !on;
    if (wait !== null) wait.hidden = !on;
    for (const button of sendButtons) button.disabled = on;
    input.disabled = on;
  };
  const done = (message: string | null) => {
    running = null;
    busy(false);
    // Stored (or refused): the file must not travel again with the form.
    input.value = '';
    alert.textContent = message ?? '';
    alert.hidden = message === null;
    input.focus();
  };

  input.addEventListener('change', () => {
    const file = input.files?.[0];
    if (file === undefined) return;
    const body = new FormData();
    body.append('_csrf', token);
    body.append('file', file);
    const xhr = new XMLHttpRequest();
    running = xhr;
    xhr.open('POST', '/app/compose/upload');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'json';
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) bar.value = Math.round((event.loaded / event.total) * 100);
    });
    xhr.addEventListener('load', () => {
      const answer = xhr.response as (UploadedSlide & { error?: string }) | null;
      if (xhr.status === 200 && answer !== null && answer.error === undefined) {
        added(answer);
        done(null);
      } else done(`${file.name} was not uploaded: ${answer?.error ?? 'the server did not answer.'}`);
    });
    xhr.addEventListener('error', () =>
      done(`${file.name} was not uploaded: the connection failed. Choose it again.`),
    );
    xhr.addEventListener('abort', () => done(`The upload of ${file.name} was cancelled.`));
    bar.value = 0;
    if (name !== null) name.textContent = file.name;
    alert.hidden = true;
    busy(true);
    xhr.send(body);
  });
  cancel?.addEventListener('click', () => running?.abort());
}

/** A slide item as the server draws it (post-slides.ts), for a file uploaded by the script. */
export function slideItem(slide: UploadedSlide): HTMLLIElement {
  const li = document.createElement('li');
  li.dataset.mediaId = slide.id;
  li.dataset.contentType = slide.contentType;
  li.dataset.sizeBytes = String(slide.sizeBytes);
  li.dataset.width = slide.width === null ? '' : String(slide.width);
  li.dataset.height = slide.height === null ? '' : String(slide.height);
  li.dataset.durationMs = slide.durationMs === null ? '' : String(slide.durationMs);
  if (slide.frameUrl !== null) li.dataset.frameUrl = slide.frameUrl;
  if (slide.previewUrl !== null) {
    const img = document.createElement('img');
    img.src = slide.previewUrl;
    img.width = 96;
    img.height = 96;
    li.append(img);
  } else li.append(span(slide.contentType, 'muted'));
  li.append(span(slide.size, 'muted'));
  const actions = span('', 'slide-actions');
  for (const [action, label, text] of [
    ['up', 'Move slide 1 earlier', '←'],
    ['down', 'Move slide 1 later', '→'],
    ['remove', 'Remove slide 1', '✕'],
  ] as const) {
    const button = document.createElement('button');
    button.type = 'submit';
    button.className = 'secondary small';
    button.name = 'slide';
    button.value = `${action}:0`;
    button.setAttribute('aria-label', label);
    button.textContent = text;
    actions.append(button);
  }
  li.append(actions);
  return li;
}

function span(text: string, className: string): HTMLSpanElement {
  const node = document.createElement('span');
  node.textContent = text;
  node.className = className;
  return node;
}
