// The passkey script (served as /app/assets/passkey-<hash>.js, built by scripts/build-browser.ts):
// a form marked `data-passkey` asks its `data-options` URL for a WebAuthn challenge (posting the
// form's own hidden fields, so the anti-forgery token goes along), has the browser's authenticator
// answer it through @simplewebauthn/browser, puts the answer in the form's `passkey` field and
// sends the form. Nothing is decided here: the server checks the answer against its challenge.
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';

async function run(form: HTMLFormElement, status: HTMLElement | null): Promise<void> {
  const fields = new URLSearchParams();
  for (const input of form.querySelectorAll<HTMLInputElement>('input[type=hidden]'))
    if (input.name !== 'passkey') fields.set(input.name, input.value);
  const asked = await fetch(form.dataset.options ?? '', {
    method: 'POST',
    body: fields,
    credentials: 'same-origin',
  });
  if (!asked.ok) throw new Error('The server gave no passkey challenge. Reload the page and try again.');
  const optionsJSON = await asked.json();
  const answer =
    form.dataset.passkey === 'register'
      ? await startRegistration({ optionsJSON })
      : await startAuthentication({ optionsJSON });
  const field = form.querySelector<HTMLInputElement>('input[name=passkey]');
  if (field === null) return;
  field.value = JSON.stringify(answer);
  if (status !== null) status.textContent = 'Checking your passkey…';
  form.submit();
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-passkey]')) {
  const button = form.querySelector<HTMLButtonElement>('[data-passkey-start]');
  const status = form.querySelector<HTMLElement>('[data-passkey-status]');
  if (button === null || !browserSupportsWebAuthn()) continue;
  button.hidden = false;
  button.addEventListener('click', () => {
    button.disabled = true;
    run(form, status).catch((error: unknown) => {
      button.disabled = false;
      if (status !== null)
        status.textContent = `No passkey was used: ${error instanceof Error ? error.message : 'try again'}.`;
    });
  });
}
