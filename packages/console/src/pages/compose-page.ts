import {
  type ConnectedAccount,
  createDraft,
  createPosts,
  describePublication,
  getPostingOptions,
  listConnections,
  type MediaAsset,
  PLATFORM_NAMES,
  requestApproval,
  uploadMedia,
} from '@svc/core';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { consolePage, csrfField } from '../console-page.js';
import { type ConsoleReply, htmlReply, redirectReply } from '../console-reply.js';
import { csrfMatches } from '../console-session.js';
import { html } from '../html.js';
import { readUpload } from '../read-upload.js';
import { orThrow } from './or-throw.js';

// Slides carried between the upload form and the compose form, in order.
const MEDIA_IDS = /^media_[A-Za-z0-9]{10,40}$/;
const mediaIdsOf = (values: readonly string[]) =>
  values
    .flatMap((v) => v.split(','))
    .filter((id) => MEDIA_IDS.test(id))
    .slice(0, 20);

/** What the compose form holds, to show it again after a refusal. */
type Draft = {
  readonly caption: string;
  readonly title: string;
  readonly profileIds: readonly string[];
  readonly time: string;
  readonly privacyLevel: string;
  readonly mediaIds: readonly string[];
};

const EMPTY: Draft = { caption: '', title: '', profileIds: [], time: '', privacyLevel: '', mediaIds: [] };

async function slides(c: SignedContext, ids: readonly string[]): Promise<MediaAsset[]> {
  const found = await c.deps.core.store.media.getMediaAssets(ids);
  const mine = new Map(found.filter((a) => a.ownerId === c.session.user.id).map((a) => [a.id, a]));
  return ids.flatMap((id) => (mine.has(id) ? [mine.get(id) as MediaAsset] : []));
}

async function privacyChoices(
  c: SignedContext,
  accounts: readonly ConnectedAccount[],
): Promise<readonly string[]> {
  const tiktok = accounts.find((a) => a.platform === 'tiktok');
  if (tiktok === undefined) return [];
  // Read live, as the spec asks: what this creator may post with today.
  const options = await getPostingOptions(c.deps.core, c.actor, tiktok.id);
  return options.isOk() ? options.value.privacyLevels : ['SELF_ONLY'];
}

async function form(
  c: SignedContext,
  draft: Draft,
  status: number,
  alert: string | null,
  problems: readonly string[] = [],
): Promise<ConsoleReply> {
  const accounts = await orThrow(listConnections(c.deps.core, c.actor));
  const media = await slides(c, draft.mediaIds);
  const privacy = await privacyChoices(c, accounts);
  const platforms = [
    ...new Set(accounts.filter((a) => draft.profileIds.includes(a.id)).map((a) => a.platform)),
  ];
  const rules = c.deps.core.policy.platforms;
  const outcome = platforms.map((p) => describePublication(p, media, rules[p]));
  const url = c.deps.mediaUrl;
  const body = html`${problems.length === 0 ? '' : html`<ul role="alert">${problems.map((p) => html`<li>${p}</li>`)}</ul>`}
<section class="card" aria-labelledby="media-heading"><h2 id="media-heading">Media</h2>
${
  media.length === 0
    ? html`<p class="muted">No media yet: a text post (Threads and Facebook take those).</p>`
    : html`<ol class="slides">${media.map(
        (m, i) =>
          html`<li>${
            url !== undefined && m.contentType.startsWith('image/')
              ? html`<img src="${url(m.id)}" alt="Slide ${i + 1}" width="96" height="96">`
              : html`<span class="muted">${m.contentType}</span>`
          } <span class="muted">${Math.round(m.sizeBytes / 1024)} KB${m.width === null ? '' : `, ${m.width}×${m.height}`}</span></li>`,
      )}</ol>`
}
<form method="post" action="/app/compose/upload" enctype="multipart/form-data">${csrfField(c.session)}
<input type="hidden" name="media" value="${draft.mediaIds.join(',')}">
<label for="file">Add a photo or video</label>
<input id="file" name="file" type="file" accept="image/*,video/*" required>
<div class="actions"><button type="submit" class="secondary">Upload</button></div>
</form></section>
<form method="post" action="/app/compose" class="card">${csrfField(c.session)}
<input type="hidden" name="media" value="${draft.mediaIds.join(',')}">
<fieldset><legend>Accounts</legend>
${
  accounts.length === 0
    ? html`<p class="muted">No account is connected yet: <a href="/app/connections">connect one</a>.</p>`
    : accounts.map(
        (a) =>
          html`<label><input type="checkbox" name="account" value="${a.id}"${draft.profileIds.includes(a.id) ? html` checked` : ''}> ${PLATFORM_NAMES[a.platform]} @${a.handle}</label>`,
      )
}
</fieldset>
<label for="caption">Caption</label>
<textarea id="caption" name="caption" rows="6" maxlength="10000">${draft.caption}</textarea>
<label for="title">Title (YouTube and TikTok)</label>
<input id="title" name="title" type="text" maxlength="200" value="${draft.title}">
${
  privacy.length === 0
    ? ''
    : html`<label for="privacy">TikTok privacy (the creator's own options)</label>
<select id="privacy" name="privacyLevel"><option value="">Choose…</option>${privacy.map((p) => html`<option value="${p}"${p === draft.privacyLevel ? html` selected` : ''}>${p}</option>`)}</select>`
}
<label for="time">When (${c.time.zone} time; empty: at the next publisher run)</label>
<input id="time" name="time" type="datetime-local" value="${draft.time}">
${
  outcome.length === 0
    ? ''
    : html`<h2>What will publish</h2><ul>${outcome.map((o) => html`<li>${PLATFORM_NAMES[o.platform]}: ${o.description}</li>`)}</ul>`
}
<div class="actions">
<button type="submit" name="action" value="schedule">Schedule</button>
<button type="submit" name="action" value="draft" class="secondary">Save as draft</button>
<button type="submit" name="action" value="approval" class="secondary">Ask for approval</button>
</div></form>`;
  return htmlReply(
    status,
    consolePage(c.session, { title: 'Compose', section: '/app/compose', body, alert }),
  );
}

async function show(c: SignedContext): Promise<ConsoleReply> {
  return form(c, { ...EMPTY, mediaIds: mediaIdsOf(c.url.searchParams.getAll('media')) }, 200, null);
}

function draftOf(c: SignedContext): Draft {
  const f = c.form;
  return {
    caption: f.get('caption') ?? '',
    title: (f.get('title') ?? '').trim(),
    profileIds: f.getAll('account'),
    time: f.get('time') ?? '',
    privacyLevel: f.get('privacyLevel') ?? '',
    mediaIds: mediaIdsOf(f.getAll('media')),
  };
}

// The policy's issues, each as a person reads it; the message alone for other refusals.
function problemsOf(error: { message: string; details?: Readonly<Record<string, unknown>> }): string[] {
  const issues = error.details?.errors;
  return Array.isArray(issues)
    ? issues.map((i: { message?: unknown }) => String(i.message ?? ''))
    : [error.message];
}

async function submit(c: SignedContext): Promise<ConsoleReply> {
  const draft = draftOf(c);
  const action = c.form.get('action') ?? 'schedule';
  // The field holds the person's wall-clock time; anything else goes as sent, for the use case to refuse.
  const time = draft.time === '' ? null : (c.time.instant(draft.time)?.toISOString() ?? draft.time);
  const platformMeta = draft.privacyLevel === '' ? null : { tiktok: { privacyLevel: draft.privacyLevel } };
  const content = {
    caption: draft.caption,
    ...(draft.title === '' ? {} : { title: draft.title }),
    ...(draft.mediaIds.length === 0 ? {} : { mediaIds: [...draft.mediaIds] }),
    ...(platformMeta === null ? {} : { platformMeta }),
    ...(time === null ? {} : { scheduledTime: time }),
  };
  if (action === 'draft' || action === 'approval') {
    const saved = await createDraft(c.deps.core, c.actor, { ...content, profileIds: draft.profileIds });
    if (saved.isErr()) return form(c, draft, 400, 'Not saved.', problemsOf(saved.error));
    if (action === 'approval') {
      const asked = await requestApproval(c.deps.core, c.actor, { postId: saved.value.id });
      if (asked.isErr())
        return form(c, draft, 400, 'Saved as a draft, but not sent for review.', problemsOf(asked.error));
    }
    return redirectReply(`/app/posts/${saved.value.id}`);
  }
  // The platforms are those of the chosen accounts: a person picks accounts, not platforms.
  const accounts = await orThrow(listConnections(c.deps.core, c.actor));
  const platforms = [
    ...new Set(accounts.filter((a) => draft.profileIds.includes(a.id)).map((a) => a.platform)),
  ];
  const created = await createPosts(
    c.deps.core,
    c.actor,
    { ...content, platforms, profileIds: draft.profileIds },
    { requireScheduledTime: false },
  );
  if (created.isErr()) return form(c, draft, 400, 'Not scheduled.', problemsOf(created.error));
  const [first] = created.value.postIds;
  return redirectReply(
    created.value.postIds.length === 1 && first !== undefined
      ? `/app/posts/${first}?done=scheduled`
      : '/app/posts?done=scheduled',
  );
}

// A file is read only once the form's anti-forgery token, sent before it, matched the session.
async function upload(c: SignedContext): Promise<ConsoleReply> {
  let answer: ConsoleReply | null = null;
  const read = await readUpload(
    c.req,
    c.deps.core.policy.maxFileBytes,
    async ({ fields, file }) => {
      const carried = mediaIdsOf(fields.getAll('media'));
      const stored = file === null ? null : await uploadMedia(c.deps.core, c.actor, file);
      if (stored === null || stored.isErr()) {
        answer = await form(
          c,
          { ...EMPTY, mediaIds: carried },
          400,
          stored?.error.message ?? 'No file was sent.',
        );
        return;
      }
      answer = redirectReply(`/app/compose?media=${[...carried, stored.value.id].join(',')}`);
    },
    (fields) => csrfMatches(c.session, fields.get('_csrf') ?? undefined),
  );
  if (!read || answer === null) {
    return htmlReply(
      403,
      consolePage(c.session, {
        title: 'Not uploaded',
        section: '/app/compose',
        alert: 'The upload form has expired or could not be read. Reload the page and try again.',
        body: html`<p><a href="/app/compose">Back to compose</a></p>`,
      }),
    );
  }
  return answer;
}

/** Composing a post: media, accounts, caption, settings, then schedule, draft or review. */
export const composeRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/compose', access: 'signed', run: show },
  { method: 'POST', path: '/app/compose', access: 'signed', run: submit },
  { method: 'POST', path: '/app/compose/upload', access: 'signed', body: 'upload', run: upload },
];
