import {
  type MediaAsset,
  privacyLevelName,
  type TikTokPrivacyChoices,
  tiktokContentKind,
  TIKTOK_DISCLOSURE_WORDING as W,
} from '@svc/core';
import { type Html, html } from '@svc/web';
import { PLATFORM_OPTION_NAMES as N, type PlatformOptionsFields } from '../platform-options-form.js';

const box = (id: string, name: string, on: boolean, disabled = false) =>
  html`<input type="checkbox" id="${id}" name="${name}"${on && !disabled ? html` checked` : ''}${disabled ? html` disabled` : ''}>`;

// An interaction switch: greyed, unticked and explained when the creator turned it off in TikTok.
function interaction(
  id: string,
  name: string,
  label: string,
  on: boolean,
  off: boolean,
  handle: string,
): Html {
  const note = off ? html` <span class="muted">(turned off in @${handle}'s TikTok settings)</span>` : '';
  return html`<label class="inline-check${off ? ' greyed' : ''}" for="${id}">${box(id, name, on, off)} ${label}${note}</label>`;
}

/**
 * Compose's TikTok settings as TikTok's Content Sharing Guidelines ask (docs/connections.md, "TikTok
 * audit"): who can see it chosen from the creator's live options with no default; interactions
 * off until ticked and greyed when the creator turned them off; the commercial content disclosure
 * with its label and consent sentences (shown by the stylesheet as boxes are ticked, so they read
 * right without the script); the AI-generated label; TikTok's posting-limit message.
 */
export function tiktokFieldset(
  choices: TikTokPrivacyChoices,
  privacyLevel: string,
  fields: PlatformOptionsFields,
  media: readonly MediaAsset[],
): Html | '' {
  if (choices.levels.length === 0) return '';
  // TikTok's sentences name what is posted: photos for a photo post.
  const kind = tiktokContentKind(media.map((m) => m.contentType));
  const o = choices.options;
  const handle = o?.creator.username ?? 'creator';
  const max = o?.maxVideoDurationSec;
  return html`<fieldset id="tiktok-options"><legend>TikTok${o === null ? '' : html` · @${handle}`}</legend>
<input type="hidden" name="${N.tiktok}" value="1">
${choices.postingLimit === null ? '' : html`<p class="tiktok-limit" role="alert">${choices.postingLimit}</p>`}
<label for="privacy">TikTok: who can see it (the creator's own choices)</label>
<select id="privacy" name="privacyLevel"><option value="">Choose…</option>${choices.levels.map((p) => html`<option value="${p}"${p === privacyLevel ? html` selected` : ''}>${privacyLevelName(p)}</option>`)}</select>
<p class="muted" data-when="branded">${W.notPrivate}</p>
${max === undefined || max === null ? '' : html`<p class="muted">Videos up to ${String(max)} seconds for this creator.</p>`}
<p class="muted">Allow others to:</p>
${interaction('tt-comment', N.allowComment, 'Comment', fields.allowComment, o?.commentDisabled === true, handle)}
${interaction('tt-duet', N.allowDuet, 'Duet (videos)', fields.allowDuet, o?.duetDisabled === true, handle)}
${interaction('tt-stitch', N.allowStitch, 'Stitch (videos)', fields.allowStitch, o?.stitchDisabled === true, handle)}
<label class="inline-check" for="tt-disclose">${box('tt-disclose', N.disclose, fields.disclose)} Disclose commercial content: this ${kind} promotes a brand, product or service</label>
<div class="tiktok-brands" data-when="disclosed">
<label class="inline-check" for="tt-your-brand">${box('tt-your-brand', N.yourBrand, fields.yourBrand)} Your brand: you are promoting yourself or your own business</label>
<label class="inline-check" for="tt-branded">${box('tt-branded', N.brandedContent, fields.brandedContent)} Branded content: you are promoting another brand or a third party</label>
<p class="tiktok-label" data-when="choose">${W.chooseWhom}</p>
<p class="tiktok-label" data-when="promotional">${W.promotional(kind)}</p>
<p class="tiktok-label" data-when="branded">${W.paidPartnership(kind)}</p>
</div>
<label class="inline-check" for="tt-aigc">${box('tt-aigc', N.aigc, fields.aigc)} AI-generated content (labelled on TikTok; videos only)</label>
<p class="muted tiktok-consent" data-when="plain">${W.consent}</p>
<p class="muted tiktok-consent" data-when="branded">${W.brandedConsent}</p>
</fieldset>`;
}

/** Compose's Facebook link preview: a link whose card a text post shows. */
export function facebookLinkField(fields: PlatformOptionsFields): Html {
  return html`<label for="fb-link">Facebook: link preview (text posts only; an http(s) address)</label>
<input id="fb-link" name="${N.facebookLink}" type="url" maxlength="2048" placeholder="https://" value="${fields.facebookLink}">`;
}
