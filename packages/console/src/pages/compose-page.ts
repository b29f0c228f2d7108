// The Compose page: its form, submit and upload. It stays whole (just over 300 lines) because the
// three answer with the same form, which is built here from the draft (compose-draft.ts) and the
// fieldsets of each platform, each in a file of its own.

import {
  actorMember,
  type ConnectedAccount,
  checkContentPolicy,
  createDraft,
  createPosts,
  describePublication,
  type ErrorCode,
  listConnections,
  type MediaAsset,
  memberCan,
  PLATFORM_NAMES,
  type Platform,
  type PolicyConfig,
  type PolicyInput,
  policyConfigToJson,
  requestApproval,
  textCounters,
  zoneName,
} from '@svc/core';
import { type Html, html, raw, unwrap } from '@svc/web';
import { COMPOSE_CHECKS_JS_PATH } from '../compose-checks-script.js';
import {
  COMPOSE_MIXED_IMAGE_SIZES,
  checksSummary,
  counterLabel,
  counterValue,
  isPristine,
  issueMessage,
  issueScope,
} from '../compose-checks-view.js';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { csrfField, pageReply } from '../console-page.js';
import { type ConsoleReply, redirectReply } from '../console-reply.js';
import { type Draft, draftOf, EMPTY_DRAFT, platformMetaOf } from './compose-draft.js';
import { composeFromPost } from './compose-from-post.js';
import { composePreview } from './compose-preview.js';
import { privacyChoices } from './compose-privacy.js';
import { type ComposeForm, readComposeForm, uploadJson, wantsJson } from './compose-upload.js';
import {
  type EvergreenErrors,
  evergreenErrorsOf,
  evergreenFieldset,
  evergreenRequest,
} from './evergreen-fields.js';
import { firstCommentFieldset } from './first-comment-fields.js';
import { instagramFieldset } from './instagram-fieldset.js';
import { planNoticeView } from './plan-notice-view.js';
import { mediaIdsOf, moveSlide, ownSlides, problemsOf, slideList } from './post-slides.js';
import { threadsOptions } from './threads-fieldset.js';
import { facebookLinkField, tiktokFieldset } from './tiktok-fieldset.js';
import { youtubeFieldset } from './youtube-fieldset.js';

// The platforms of the chosen accounts: a person picks accounts, not platforms.
const platformsOf = (accounts: readonly ConnectedAccount[], profileIds: readonly string[]): Platform[] => [
  ...new Set(accounts.filter((a) => profileIds.includes(a.id)).map((a) => a.platform)),
];

// The policy as the page's JSON data block, made once per configuration rather than per page:
// `<` escaped so no text can close the script element.
const policyJson = new WeakMap<PolicyConfig, Html>();
function policyData(config: PolicyConfig): Html {
  const known = policyJson.get(config);
  if (known !== undefined) return known;
  const data = raw(policyConfigToJson(config).replace(/</g, '\\u003c'));
  policyJson.set(config, data);
  return data;
}

/** The checks as the page opens; the script redraws them as the person types. */
function checks(c: SignedContext, input: PolicyInput, media: readonly MediaAsset[]): Html {
  const rules = c.deps.core.policy;
  const pristine = isPristine(input);
  const checked = checkContentPolicy(input, rules, COMPOSE_MIXED_IMAGE_SIZES);
  const issues = pristine ? [] : [...checked.errors, ...checked.warnings];
  const outcome = input.platforms.map((p) =>
    describePublication(p as Platform, media, rules.platforms[p as Platform]),
  );
  return html`<section class="card" aria-labelledby="checks-heading"><h2 id="checks-heading">Checks</h2>
<p id="checks-summary" class="summary${pristine || checked.ok ? '' : ' has-errors'}">${checksSummary(pristine ? { ok: true, errors: [], warnings: [] } : checked, pristine)}</p>
<ul id="counters" class="counters">${textCounters(input, rules).map(
    (counter) =>
      html`<li class="counter${counter.used > counter.max ? ' over' : ''}">${counterLabel(counter)} <span class="counter-value">${counterValue(counter)}</span></li>`,
  )}</ul>
<ul id="issues" class="issues"${issues.length === 0 ? html` hidden` : ''}>${issues.map(
    (i) =>
      html`<li class="${i.severity}"><strong>${i.severity === 'error' ? 'Error' : 'Warning'} · ${issueScope(i)}: </strong>${issueMessage(i)}</li>`,
  )}</ul>
<h2 id="publication-heading"${outcome.length === 0 ? html` hidden` : ''}>What will publish</h2>
<ul id="publication">${outcome.map((o) => html`<li>${o.description}</li>`)}</ul>
</section>`;
}

async function form(
  c: SignedContext,
  draft: Draft,
  status: number,
  alert: string | null,
  problems: readonly string[] = [],
  evergreenErrors: EvergreenErrors = {},
): Promise<ConsoleReply> {
  const accounts = await unwrap(listConnections(c.deps.core, c.actor));
  const media = await ownSlides(c, draft.mediaIds);
  const privacy = await privacyChoices(c, accounts);
  const schedules = memberCan(actorMember(c.actor), 'post:schedule'); // contributors only ask
  const input: PolicyInput = {
    caption: draft.caption,
    title: draft.title,
    platforms: platformsOf(accounts, draft.profileIds),
    media,
    platformMeta: platformMetaOf(draft),
  };
  // Whose plan lapsed is told before typing a post the server will refuse, and after a refusal.
  const body = html`${problems.length === 0 ? '' : html`<ul role="alert">${problems.map((p) => html`<li>${p}</li>`)}</ul>`}
${planNoticeView(c, 'lapsed')}
<script type="application/json" id="policy-config">${policyData(c.deps.core.policy)}</script>
<form method="post" action="/app/compose" enctype="multipart/form-data" data-compose>${csrfField(c.session)}
<input type="hidden" name="media" value="${media.map((m) => m.id).join(',')}">
${draft.from === '' ? '' : html`<input type="hidden" name="from" value="${draft.from}">`}
<div class="card">
<fieldset id="accounts"><legend>Accounts</legend>
${
  accounts.length === 0
    ? html`<p class="muted">No account is connected yet: <a href="/app/connections">connect one</a>.</p>`
    : accounts.map(
        (a) =>
          html`<label><input type="checkbox" name="account" value="${a.id}" data-platform="${a.platform}"${draft.profileIds.includes(a.id) ? html` checked` : ''}> ${PLATFORM_NAMES[a.platform]} @${a.handle}</label>`,
      )
}
</fieldset>
<label for="caption">Caption</label>
<textarea id="caption" name="caption" rows="6" maxlength="10000">${draft.caption}</textarea>
</div>
<section class="card" aria-labelledby="media-heading"><h2 id="media-heading">Media</h2>
${slideList(media, 'No media yet: a text post (Threads and Facebook take those).')}
<label for="file">Add a photo or video</label>
<input id="file" name="file" type="file" accept="image/*,video/*">
<p class="muted" data-no-script>A file chosen here is stored with the form, whichever button sends it.</p>
<div class="actions" data-upload-button><button type="submit" class="secondary" formaction="/app/compose/upload" formnovalidate>Upload</button></div>
<div id="upload-progress" class="upload-progress" hidden><label for="upload-bar">Uploading <span id="upload-name"></span></label>
<progress id="upload-bar" max="100" value="0"></progress> <button type="button" class="secondary small" id="upload-cancel">Cancel</button></div>
</section>
<div class="card">
<label for="title">Title (YouTube and TikTok)</label>
<input id="title" name="title" type="text" maxlength="200" value="${draft.title}">
${tiktokFieldset(privacy, draft.privacyLevel, draft.options, media)}
${accounts.some((a) => a.platform === 'facebook') ? facebookLinkField(draft.options) : ''}
${firstCommentFieldset(
  accounts.map((a) => a.platform),
  draft.firstComments,
)}
${accounts.some((a) => a.platform === 'youtube') ? youtubeFieldset(draft.youtube) : ''}
${accounts.some((a) => a.platform === 'instagram') ? instagramFieldset(draft.instagram) : ''}
${await threadsOptions(c, accounts, draft.threads)}
<label for="time">When (${zoneName(c.time.zone)} time; empty: right away)</label>
<input id="time" name="time" type="datetime-local" value="${draft.time}">
${evergreenFieldset(draft.evergreen, evergreenErrors, { idPrefix: 'evergreen', withSwitch: true, legend: 'Evergreen' })}
</div>
${checks(c, input, media)}
${composePreview(input, platformsOf(accounts, draft.profileIds), media, c.deps.core.policy)}
<p id="upload-wait" class="muted" role="status" hidden>Waiting for the upload to finish before anything can be sent.</p>
<div class="actions">
${schedules ? html`<button type="submit" name="action" value="schedule" data-send>Schedule</button><button type="submit" name="action" value="queue" class="secondary" data-send>Add to queue (next free slot)</button>` : ''}
<button type="submit" name="action" value="draft" class="secondary" data-send>Save as draft</button>
<button type="submit" name="action" value="approval"${schedules ? html` class="secondary"` : ''} data-send>Ask for approval</button>
<button type="submit" name="action" value="approval-queue" class="secondary" data-send>Ask for approval into the queue</button>
</div></form>
${wayBack(draft, status)}`;
  return pageReply(c, status, {
    title: 'Compose',
    section: '/app/compose',
    body,
    alert,
    scripts: [COMPOSE_CHECKS_JS_PATH],
  });
}

// After a refusal, or when the post is a copy: the way back to where the person came from.
function wayBack(draft: Draft, status: number): Html | '' {
  if (draft.from !== '')
    return html`<p><a href="/app/posts/${draft.from}">Back to the post this one copies</a></p>`;
  return status === 200 ? '' : html`<p><a href="/app/posts">Back to the posts</a></p>`;
}

async function show(c: SignedContext): Promise<ConsoleReply> {
  const from = c.url.searchParams.get('from');
  const copy = from === null ? null : await composeFromPost(c, from);
  if (copy !== null && from !== null) return form(c, { ...EMPTY_DRAFT, ...copy, from }, 200, null);
  return form(c, { ...EMPTY_DRAFT, mediaIds: mediaIdsOf(c.url.searchParams.getAll('media')) }, 200, null);
}

/**
 * The form as sent, with the file it carried already stored and added as the last slide; a file
 * refused (too large, not a photo or video) is said with the form, which keeps everything else.
 */
async function sentDraft(
  c: SignedContext,
  read: ComposeForm,
): Promise<{ draft: Draft; refused: ConsoleReply | null }> {
  const draft = draftOf(read.fields);
  if (read.uploaded === null) return { draft, refused: null };
  if (read.uploaded.isErr()) {
    return {
      draft,
      refused: await form(c, draft, 400, `The file was not stored: ${read.uploaded.error.message}`),
    };
  }
  return { draft: { ...draft, mediaIds: [...draft.mediaIds, read.uploaded.value.id] }, refused: null };
}

function expired(c: SignedContext): ConsoleReply {
  return pageReply(c, 403, {
    title: 'Not uploaded',
    section: '/app/compose',
    alert: 'The upload form has expired or could not be read. Reload the page and try again.',
    body: html`<p><a href="/app/compose">Back to compose</a></p>`,
  });
}

async function submit(c: SignedContext): Promise<ConsoleReply> {
  const read = await readComposeForm(c);
  if (read === null) return expired(c);
  const { draft, refused } = await sentDraft(c, read);
  if (refused !== null) return refused;
  const slide = read.fields.get('slide');
  if (slide !== null) return form(c, { ...draft, mediaIds: moveSlide(draft.mediaIds, slide) }, 200, null);
  const action = read.fields.get('action') ?? 'schedule';
  // The field holds the person's wall-clock time; anything else goes as sent, for the use case to refuse.
  const time = draft.time === '' ? null : (c.time.instant(draft.time)?.toISOString() ?? draft.time);
  const platformMeta = platformMetaOf(draft);
  const content = {
    caption: draft.caption,
    ...(draft.title === '' ? {} : { title: draft.title }),
    ...(draft.mediaIds.length === 0 ? {} : { mediaIds: [...draft.mediaIds] }),
    ...(platformMeta === null ? {} : { platformMeta }),
    ...(time === null ? {} : { scheduledTime: time }),
    ...(draft.evergreen.on ? { evergreen: evergreenRequest(draft.evergreen) } : {}),
  };
  // The queue's buttons: each account's next free slot (docs/queue.md) instead of the typed time.
  const { scheduledTime: _typed, ...untimed } = content as typeof content & { scheduledTime?: string };
  if (action === 'draft' || action === 'approval' || action === 'approval-queue') {
    // "Ask for approval into the queue" saves a queued draft: its slots are taken when approved.
    const saved = await createDraft(c.deps.core, c.actor, {
      ...(action === 'approval-queue' ? { ...untimed, queue: true } : content),
      profileIds: draft.profileIds,
    });
    if (saved.isErr()) return refusal(c, draft, 'Not saved.', saved.error);
    if (action !== 'draft') {
      const asked = await requestApproval(c.deps.core, c.actor, { postId: saved.value.id });
      if (asked.isErr())
        return form(
          c,
          draft,
          400,
          'Saved as a draft, but not sent for review.',
          problemsOf(asked.error, c.time.zone),
        );
    }
    return redirectReply(`/app/posts/${saved.value.id}`);
  }
  const accounts = await unwrap(listConnections(c.deps.core, c.actor));
  const when = action === 'queue' ? { ...untimed, queue: true } : content;
  const created = await createPosts(
    c.deps.core,
    c.actor,
    { ...when, platforms: platformsOf(accounts, draft.profileIds), profileIds: draft.profileIds },
    { requireScheduledTime: false, mixedImageSizes: COMPOSE_MIXED_IMAGE_SIZES },
  );
  if (created.isErr()) return refusal(c, draft, 'Not scheduled.', created.error);
  // One compose is one post across platforms: its group's page, or the post's own for one platform.
  const [first, ...others] = created.value.posts;
  return redirectReply(
    first === undefined
      ? '/app/posts?done=scheduled'
      : others.length === 0 || first.groupId === null
        ? `/app/posts/${first.id}?done=scheduled`
        : `/app/groups/${first.groupId}?done=scheduled`,
  );
}

// A refused rule is said next to its fields; any other refusal is listed above the form.
function refusal(
  c: SignedContext,
  draft: Draft,
  alert: string,
  error: { code: ErrorCode; message: string; details?: Readonly<Record<string, unknown>> },
): Promise<ConsoleReply> {
  const evergreen = evergreenErrorsOf(error);
  if (evergreen === null) return form(c, draft, 400, alert, problemsOf(error, c.time.zone));
  return form(c, draft, 400, `${alert} The evergreen rule needs a change: see its fields.`, [], evergreen);
}

// The whole form comes along with the file, so nothing typed is lost; the file is read only once
// the form's anti-forgery token, sent before it, matched the session. The page's script sends the
// file alone as soon as it is chosen and takes JSON back.
async function upload(c: SignedContext): Promise<ConsoleReply> {
  const read = await readComposeForm(c);
  if (wantsJson(c)) return uploadJson(read);
  if (read === null) return expired(c);
  if (read.uploaded === null)
    return form(c, draftOf(read.fields), 400, 'Choose a photo or video to upload first.');
  const { draft, refused } = await sentDraft(c, read);
  return refused ?? (await form(c, draft, 200, null));
}

/** Composing a post: accounts, caption, media, settings, then schedule, draft or review. */
export const composeRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/compose', access: 'signed', run: show },
  { method: 'POST', path: '/app/compose', access: 'signed', body: 'upload', run: submit },
  { method: 'POST', path: '/app/compose/upload', access: 'signed', body: 'upload', run: upload },
];
