import { type Html, html } from '@svc/web';
import { type InstagramFormFields, INSTAGRAM_FIELD_NAMES as N } from '../instagram-form-meta.js';

/**
 * Compose's Instagram settings (docs/posts.md, "Instagram"): collaborators, people tagged on the
 * images, a location, and for a reel whether it shows in the feed and its cover. Empty fields
 * leave Instagram's defaults.
 */
export function instagramFieldset(fields: InstagramFormFields): Html {
  return html`<fieldset id="instagram-options"><legend>Instagram</legend>
<label for="ig-collaborators">Instagram: collaborators (up to 3 usernames, separated by commas)</label>
<input id="ig-collaborators" name="${N.collaborators}" type="text" maxlength="120" value="${fields.collaborators}" placeholder="ana.b, studio_9">
<label for="ig-tags">Instagram: people tagged on the images, one a line: username, then where across and down (0 to 1), then the slide number on a carousel</label>
<textarea id="ig-tags" name="${N.userTags}" rows="3" maxlength="2000" placeholder="ana.b 0.5 0.3&#10;bo 0.2 0.8 3">${fields.userTags}</textarea>
<label for="ig-location">Instagram: location (the id of a Facebook Page with an address)</label>
<input id="ig-location" name="${N.locationId}" type="text" inputmode="numeric" maxlength="20" value="${fields.locationId}">
<label for="ig-share">Instagram reel: show in the profile feed</label>
<select id="ig-share" name="${N.shareToFeed}"><option value=""${fields.shareToFeed === '' ? html` selected` : ''}>Yes (default)</option><option value="no"${fields.shareToFeed === 'no' ? html` selected` : ''}>No, the Reels tab only</option></select>
<label for="ig-cover-second">Instagram reel: cover frame at (seconds from the start)</label>
<input id="ig-cover-second" name="${N.coverSecond}" type="text" inputmode="decimal" maxlength="12" value="${fields.coverSecond}" placeholder="2.5">
<label for="ig-cover-url">Instagram reel: or a cover image (its link, a JPEG)</label>
<input id="ig-cover-url" name="${N.coverUrl}" type="url" maxlength="2000" value="${fields.coverUrl}">
</fieldset>`;
}
