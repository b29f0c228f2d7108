// What the compose form holds between requests: read from the form sent, turned into platformMeta.

import {
  INSTAGRAM_FORM_EMPTY,
  type InstagramFormFields,
  instagramFormFields,
  instagramMetaOf,
} from '../instagram-form-meta.js';
import * as options from '../platform-options-form.js';
import { withPlatformSettings } from '../platform-settings-meta.js';
import {
  THREADS_FORM_EMPTY,
  type ThreadsFormFields,
  threadsFormFields,
  threadsMetaOf,
} from '../threads-form-meta.js';
import {
  YOUTUBE_FORM_EMPTY,
  type YouTubeFormFields,
  youtubeFormFields,
  youtubeMetaOf,
} from '../youtube-form-meta.js';
import { EVERGREEN_OFF, type EvergreenFields, typedEvergreen } from './evergreen-fields.js';
import {
  composePlatformMeta,
  type FirstCommentFields,
  firstCommentFieldsOf,
} from './first-comment-fields.js';
import { mediaIdsOf } from './post-slides.js';

/** What the compose form holds, to show it again after an upload, a slide move or a refusal. */
export type Draft = {
  readonly caption: string;
  readonly title: string;
  readonly profileIds: readonly string[];
  readonly time: string;
  readonly privacyLevel: string;
  /** The first comment per platform (platformMeta.<platform>.firstComment). */
  readonly firstComments: FirstCommentFields;
  /** The YouTube and Instagram settings, each shown when an account of the platform is connected. */
  readonly youtube: YouTubeFormFields;
  readonly instagram: InstagramFormFields;
  readonly threads: ThreadsFormFields;
  /** TikTok's switches and Facebook's link preview. */
  readonly options: options.PlatformOptionsFields;
  readonly mediaIds: readonly string[];
  /** The post this one was duplicated from (`?from=`), for the way back. */
  readonly from: string;
  readonly evergreen: EvergreenFields;
};

export const EMPTY_DRAFT: Draft = {
  caption: '',
  title: '',
  profileIds: [],
  time: '',
  privacyLevel: '',
  firstComments: {},
  youtube: YOUTUBE_FORM_EMPTY,
  instagram: INSTAGRAM_FORM_EMPTY,
  threads: THREADS_FORM_EMPTY,
  options: options.PLATFORM_OPTIONS_EMPTY,
  mediaIds: [],
  from: '',
  evergreen: EVERGREEN_OFF,
};

/** `platformMeta` of the form: TikTok's privacy and switches, the first comments and the other platforms' settings, each when set. */
export const platformMetaOf = (draft: Draft) =>
  withPlatformSettings(composePlatformMeta(draft.privacyLevel, draft.firstComments), {
    youtube: youtubeMetaOf(draft.youtube),
    instagram: instagramMetaOf(draft.instagram),
    threads: threadsMetaOf(draft.threads),
    ...options.platformOptionsMeta(draft.options),
  });

const POST_ID = /^post_[A-Za-z0-9]{1,60}$/;

export function draftOf(fields: URLSearchParams): Draft {
  return {
    caption: fields.get('caption') ?? '',
    title: (fields.get('title') ?? '').trim(),
    profileIds: fields.getAll('account'),
    time: fields.get('time') ?? '',
    privacyLevel: fields.get('privacyLevel') ?? '',
    firstComments: firstCommentFieldsOf(fields),
    youtube: youtubeFormFields((name) => fields.get(name)),
    instagram: instagramFormFields((name) => fields.get(name)),
    threads: threadsFormFields((name) => fields.getAll(name)),
    options: options.platformOptionsFields((name) => fields.get(name)),
    mediaIds: mediaIdsOf(fields.getAll('media')),
    from: POST_ID.test(fields.get('from') ?? '') ? (fields.get('from') ?? '') : '',
    evergreen: typedEvergreen(fields),
  };
}
