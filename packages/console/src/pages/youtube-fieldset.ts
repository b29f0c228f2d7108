import { type Html, html } from '@svc/web';
import { YOUTUBE_FIELD_NAMES as N, type YouTubeFormFields } from '../youtube-form-meta.js';

// The categories YouTube lets a US channel assign (videoCategories.list), by their names.
const CATEGORIES: readonly (readonly [string, string])[] = [
  ['1', 'Film & Animation'],
  ['2', 'Autos & Vehicles'],
  ['10', 'Music'],
  ['15', 'Pets & Animals'],
  ['17', 'Sports'],
  ['19', 'Travel & Events'],
  ['20', 'Gaming'],
  ['22', 'People & Blogs'],
  ['23', 'Comedy'],
  ['24', 'Entertainment'],
  ['25', 'News & Politics'],
  ['26', 'Howto & Style'],
  ['27', 'Education'],
  ['28', 'Science & Technology'],
  ['29', 'Nonprofits & Activism'],
];

const option = (value: string, label: string, chosen: string) =>
  html`<option value="${value}"${value === chosen ? html` selected` : ''}>${label}</option>`;

/**
 * Compose's YouTube settings (docs/posts.md, "YouTube"): who can watch, the audience (no default:
 * the person declares it, or the checks warn what will be sent), subscribers told or not,
 * category, tags, playlist and language. Empty choices leave YouTube's defaults.
 */
export function youtubeFieldset(fields: YouTubeFormFields): Html {
  return html`<fieldset id="youtube-options"><legend>YouTube</legend>
<label for="yt-privacy">YouTube: who can watch</label>
<select id="yt-privacy" name="${N.privacyStatus}">${option('', 'Public (default)', fields.privacyStatus)}${option('unlisted', 'Unlisted: anyone with the link', fields.privacyStatus)}${option('private', 'Private: only the channel', fields.privacyStatus)}</select>
<label for="yt-kids">YouTube: made for kids? (the law asks you to declare it)</label>
<select id="yt-kids" name="${N.madeForKids}">${option('', 'Choose…', fields.madeForKids)}${option('no', 'No, not made for kids', fields.madeForKids)}${option('yes', 'Yes, made for kids', fields.madeForKids)}</select>
<label for="yt-notify">YouTube: tell subscribers</label>
<select id="yt-notify" name="${N.notifySubscribers}">${option('', 'Yes (default)', fields.notifySubscribers)}${option('no', 'No, publish quietly', fields.notifySubscribers)}</select>
<label for="yt-category">YouTube: category</label>
<select id="yt-category" name="${N.categoryId}">${option('', 'People & Blogs (default)', fields.categoryId)}${CATEGORIES.map(([id, name]) => option(id, name, fields.categoryId))}</select>
<label for="yt-tags">YouTube: tags, separated by commas (500 characters in all)</label>
<input id="yt-tags" name="${N.tags}" type="text" maxlength="600" value="${fields.tags}">
<label for="yt-playlist">YouTube: add to playlist (its id, after list= in its link)</label>
<input id="yt-playlist" name="${N.playlistId}" type="text" maxlength="64" value="${fields.playlistId}">
<label for="yt-language">YouTube: language of the title and caption (e.g. en, pt-BR)</label>
<input id="yt-language" name="${N.defaultLanguage}" type="text" maxlength="35" value="${fields.defaultLanguage}">
</fieldset>`;
}
