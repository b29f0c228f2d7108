// The compose page's script (served as /app/assets/compose-checks-<hash>.js, built by
// scripts/build-browser.ts): it runs the server's own content policy on what the person is
// writing, at every keystroke, moves slides without a round trip and uploads a file as soon as it
// is chosen (compose-upload.ts). The page works without it: every check runs again on the server,
// the slide buttons are plain form buttons and a chosen file goes with the form.
import {
  checkContentPolicy,
  describePublication,
  isPlatform,
  PLATFORM_INITIALS,
  PLATFORM_NAMES,
  type Platform,
  type PolicyConfig,
  type PolicyInput,
  type PolicyIssue,
  type PolicyMedia,
  policyConfigFromJson,
  textCounters,
} from '@svc/core/policy';
import {
  COMPOSE_MIXED_IMAGE_SIZES,
  checksSummary,
  controlOf,
  counterLabel,
  counterValue,
  isPristine,
  issueMessage,
  issueScope,
} from '../src/compose-checks-view.js';
import { type PreviewView, previewView } from '../src/feed-preview-view.js';
import { instagramFormFields, instagramMetaOf } from '../src/instagram-form-meta.js';
import { platformOptionsFields, platformOptionsMeta } from '../src/platform-options-form.js';
import { withPlatformSettings } from '../src/platform-settings-meta.js';
import { youtubeFormFields, youtubeMetaOf } from '../src/youtube-form-meta.js';
import { enableUpload, slideItem } from './compose-upload.js';
import { enableThreadParts, threadsMetaOfForm } from './thread-parts.js';

const form = document.querySelector<HTMLFormElement>('form[data-compose]');
const configText = document.getElementById('policy-config')?.textContent;
if (form !== null && configText) start(form, policyConfigFromJson(configText));

function start(form: HTMLFormElement, config: PolicyConfig): void {
  const field = <T extends Element>(selector: string) => form.querySelector<T>(selector);
  const caption = field<HTMLTextAreaElement>('#caption');
  const title = field<HTMLInputElement>('#title');
  const privacy = field<HTMLSelectElement>('#privacy');
  const slides = field<HTMLOListElement>('ol.slides');
  const mediaField = field<HTMLInputElement>('input[name=media]');

  const slideItems = () => Array.from(slides?.querySelectorAll<HTMLLIElement>('li[data-media-id]') ?? []);
  const numberOf = (value: string | undefined) =>
    value === undefined || value === '' ? null : Number(value);

  // A field's value by name as the form would send it: an unticked box sends nothing.
  function sentValue(name: string): string | null {
    const found = form.querySelector<HTMLInputElement>(`[name="${name}"]`);
    if (found === null || (found.type === 'checkbox' && !found.checked)) return null;
    return found.value;
  }

  function input(): PolicyInput {
    const platforms = Array.from(form.querySelectorAll<HTMLInputElement>('input[name=account]:checked'))
      .map((box) => box.dataset.platform ?? '')
      .filter(isPlatform);
    const media = slideItems().map(
      (li): PolicyMedia => ({
        contentType: li.dataset.contentType ?? null,
        sizeBytes: numberOf(li.dataset.sizeBytes),
        width: numberOf(li.dataset.width),
        height: numberOf(li.dataset.height),
        durationMs: numberOf(li.dataset.durationMs),
      }),
    );
    const level = privacy?.value ?? '';
    const meta = withPlatformSettings(level === '' ? null : { tiktok: { privacyLevel: level } }, {
      youtube: youtubeMetaOf(youtubeFormFields(sentValue)),
      instagram: instagramMetaOf(instagramFormFields(sentValue)),
      threads: threadsMetaOfForm(form),
      ...platformOptionsMeta(platformOptionsFields(sentValue)),
    });
    return {
      caption: caption?.value ?? '',
      title: title?.value ?? '',
      platforms: [...new Set(platforms)],
      media,
      platformMeta: meta,
    };
  }

  function redraw(): void {
    const post = input();
    const pristine = isPristine(post);
    const checked = checkContentPolicy(post, config, COMPOSE_MIXED_IMAGE_SIZES);
    const result = pristine ? { ok: true, errors: [], warnings: [] } : checked;
    replaceList('counters', textCounters(post, config), (counter) => {
      const li = element('li', counterLabel(counter), 'counter');
      const value = element('span', counterValue(counter), 'counter-value');
      li.append(' ', value);
      if (counter.used > counter.max) li.classList.add('over');
      return li;
    });
    replaceList('issues', [...result.errors, ...result.warnings], issueItem);
    const summary = document.getElementById('checks-summary');
    if (summary !== null) {
      summary.textContent = checksSummary(result, pristine);
      summary.classList.toggle('has-errors', !result.ok);
    }
    const kinds = (post.media ?? []).map((m) => ({ contentType: m.contentType ?? '' }));
    replaceList('publication', post.platforms as Platform[], (platform) =>
      element('li', describePublication(platform, kinds, config.platforms[platform]).description),
    );
    const heading = document.getElementById('publication-heading');
    if (heading !== null) heading.hidden = post.platforms.length === 0;
    const src = slideItems()[0]?.dataset.frameUrl ?? null;
    const previews = (post.platforms as Platform[]).map((p) =>
      previewView(p, post, config.platforms[p], src),
    );
    replaceList('previews', previews, previewItem);
    const none = document.getElementById('preview-none');
    if (none !== null) none.hidden = previews.length > 0;
  }

  // The same markup as the server's (pages/compose-preview.ts), drawn with the DOM.
  function previewItem(view: PreviewView): HTMLLIElement {
    const li = element('li', '', 'preview');
    li.dataset.platform = view.platform;
    const heading = document.createElement('h3');
    heading.append(platformMark(view.platform));
    li.append(heading);
    if (view.frame !== null) li.append(frameOf(view.frame));
    if (view.title !== null) li.append(element('p', view.title, 'preview-title'));
    const caption = element('p', view.caption, 'preview-caption');
    if (view.folded) caption.append(element('span', ' more', 'preview-more'));
    li.append(caption);
    if (view.notes.length > 0) {
      const notes = element('ul', '', 'preview-notes');
      notes.append(...view.notes.map((n) => element('li', n)));
      li.append(notes);
    }
    return li;
  }

  function issueItem(issue: PolicyIssue): HTMLLIElement {
    const li = element('li', '', issue.severity);
    li.append(
      element('strong', `${issue.severity === 'error' ? 'Error' : 'Warning'} · ${issueScope(issue)}: `),
    );
    li.append(issueMessage(issue));
    const control = controlOf(issue);
    if (control !== null && document.getElementById(control) !== null) {
      const link = element('a', 'Go to the field');
      link.href = `#${control}`;
      li.append(' ', link);
    }
    return li;
  }

  // Slide buttons: "up:2", "down:2", "remove:2", answered here instead of by the server.
  slides?.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[name=slide]');
    if (button === null || button === undefined) return;
    event.preventDefault();
    const [action, at] = button.value.split(':');
    const items = slideItems();
    const index = Number(at);
    const item = items[index];
    if (item === undefined || slides === null) return;
    if (action === 'remove') item.remove();
    else if (action === 'up' && index > 0) slides.insertBefore(item, items[index - 1] ?? null);
    else if (action === 'down' && index < items.length - 1)
      slides.insertBefore(items[index + 1] ?? item, item);
    renumber();
    redraw();
    // Keep the keyboard where it was: on the moved slide's same button, or the next useful one.
    const target =
      action === 'remove'
        ? (slideItems()[Math.min(index, slideItems().length - 1)]?.querySelector<HTMLButtonElement>(
            'button[name=slide]',
          ) ?? document.getElementById('file'))
        : (item.querySelector<HTMLButtonElement>(`button[value^="${action}:"]:not([disabled])`) ??
          item.querySelector<HTMLButtonElement>('button[name=slide]:not([disabled])'));
    target?.focus();
  });

  function renumber(): void {
    const items = slideItems();
    if (mediaField !== null) mediaField.value = items.map((li) => li.dataset.mediaId ?? '').join(',');
    items.forEach((li, i) => {
      const n = String(i + 1);
      li.querySelector('img')?.setAttribute('alt', `Slide ${n}`);
      for (const button of li.querySelectorAll<HTMLButtonElement>('button[name=slide]')) {
        const action = button.value.split(':')[0] ?? '';
        button.value = `${action}:${i}`;
        button.setAttribute('aria-label', (button.getAttribute('aria-label') ?? '').replace(/\d+/, n));
        button.disabled = (action === 'up' && i === 0) || (action === 'down' && i === items.length - 1);
      }
    });
    const empty = document.getElementById('no-media');
    if (empty !== null) empty.hidden = items.length > 0;
  }

  // renumber() gives an uploaded slide its place: numbers, labels and which moves it offers.
  enableUpload(form, (slide) => {
    slides?.append(slideItem(slide));
    renumber();
    redraw();
  });
  enableThreadParts(form, redraw);
  form.addEventListener('input', redraw);
  form.addEventListener('change', redraw);
  redraw();
}

const SVG = 'http://www.w3.org/2000/svg';

function frameOf(frame: NonNullable<PreviewView['frame']>): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  const size = { width: String(frame.width), height: String(frame.height) };
  for (const [name, value] of Object.entries({
    class: 'preview-frame',
    ...size,
    viewBox: `0 0 ${frame.width} ${frame.height}`,
    role: 'img',
    'aria-label': frame.label,
  }))
    svg.setAttribute(name, value);
  const image = document.createElementNS(SVG, 'image');
  for (const [name, value] of Object.entries({
    href: frame.src,
    ...size,
    preserveAspectRatio: 'xMidYMid slice',
  }))
    image.setAttribute(name, value);
  svg.append(image);
  return svg;
}

// The platform's mark with its name beside it, as @svc/web's platformMark draws it on the server.
function platformMark(platform: Platform): HTMLSpanElement {
  const outer = element('span', '', 'platform');
  const mark = element('span', PLATFORM_INITIALS[platform], `mark mark-${platform}`);
  mark.setAttribute('aria-hidden', 'true');
  outer.append(mark, PLATFORM_NAMES[platform]);
  return outer;
}

function replaceList<T>(id: string, items: readonly T[], draw: (item: T) => HTMLElement): void {
  const list = document.getElementById(id);
  if (list === null) return;
  list.replaceChildren(...items.map(draw));
  list.hidden = items.length === 0;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text: string,
  className?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.textContent = text;
  if (className !== undefined) node.className = className;
  return node;
}
