import type { GraphError } from './graph-failure.js';

type Hint = { readonly what: string; readonly fix: string };

const hint = (what: string, fix: string): Hint => ({ what, fix });
const DOWNLOAD = hint(
  'could not download the media',
  'make sure the link is public and points straight at the file',
);
const VIDEO_FORMAT = hint(
  'could not use the video format',
  'use an MP4 or MOV with H.264 video and AAC audio',
);
const IMAGE_SIZE = hint('refused an image that is too large', 'use a JPEG under 8 MB');
const IMAGE_FORMAT = hint('could not use the image format', 'use a JPEG image');
const ASPECT = hint('refused the aspect ratio of the media', 'crop images to between 4:5 and 1.91:1');
const CONTENT_RULES = hint('refused the post under its content rules', 'change the text or media');
const LINK = hint('refused the link in the post', 'check that the link works and is public');

// Codes and subcodes whose meaning is known (platforms.md §1.4, §5.4), phrased for the person who
// wrote the post: what the platform objected to and what to change. Instagram sends a code and a
// subcode for the same problem; either finds the hint.
const HINTS: Readonly<Record<number, Hint>> = {
  2207052: DOWNLOAD,
  9004: DOWNLOAD,
  2207026: VIDEO_FORMAT,
  352: VIDEO_FORMAT,
  2207004: IMAGE_SIZE,
  36000: IMAGE_SIZE,
  2207005: IMAGE_FORMAT,
  36001: IMAGE_FORMAT,
  2207009: ASPECT,
  36003: ASPECT,
  2207010: hint('refused a caption that is too long', 'shorten the caption'),
  2207028: hint('refused the number of carousel slides', 'use between 2 and 10 slides'),
  2207040: hint('refused the number of tags', 'use fewer hashtags and @-mentions'),
  2207057: hint('refused the cover or thumbnail position', 'choose another cover'),
  // Meta's table: -1/2207001 "Instagram server error. Try again." (retried; this reads a last failure).
  2207001: hint('had a server error', 'try again later'),
  2207003: hint('took too long to download the media', 'use smaller files, or a faster host for them'),
  2207008: hint('had a temporary error publishing the container', 'try again later'),
  2207032: hint('could not create the media container', 'try again later'),
  2207053: hint('had an unknown error uploading the video', 'try again later'),
  2207050: hint('has restricted the account', 'check the account in the app'),
  2207051: hint(
    'restricted the publish as suspected spam',
    'if the post is not spam, tell Instagram in the app, then schedule it again',
  ),
  506: hint('refused a duplicate of a recent post', 'change the text'),
  1366046: hint('refused the photo', 'use a JPEG or PNG under 4 MB'),
  1366051: hint('refused duplicate photos', 'use different photos'),
  1346003: CONTENT_RULES,
  1404102: CONTENT_RULES,
  1404078: hint(
    'requires Page Publishing Authorization for this Page',
    'complete it in the Page settings on Facebook',
  ),
  4854002: hint('asks a Page admin to confirm their identity', 'confirm it on Facebook'),
  1609005: LINK,
  1609008: LINK,
};

/** A sentence for a permanent Graph error: what the platform refused, what to fix, Meta's words. */
export function readableGraphError(platformName: string, error: GraphError | null, detail: string): string {
  const hint = HINTS[error?.error_subcode ?? Number.NaN] ?? HINTS[error?.code ?? Number.NaN];
  const label = error?.error_subcode ?? error?.code ?? detail;
  const said = metaSaid(error);
  if (hint === undefined) return `${platformName} refused the post (${label}).${said}`;
  return `${platformName} ${hint.what} (${label}): ${hint.fix}.${said}`;
}

/**
 * A sentence for a container the platform could not process. Instagram's status text often ends
 * with the error subcode; Threads sends an upper-case token such as FAILED_DOWNLOADING_VIDEO.
 */
export function readableContainerError(platformName: string, statusText: string | null): string {
  const text = (statusText ?? '').trim();
  const subcode = /\b(2\d{6})\b/.exec(text)?.[1];
  const hint = subcode === undefined ? undefined : HINTS[Number(subcode)];
  const words = /^[A-Z0-9_]+$/.test(text) ? text.toLowerCase().replaceAll('_', ' ') : text;
  const said = words === '' ? '' : ` ${platformName} said: "${words}".`;
  if (hint === undefined) {
    return `${platformName} could not process the media: check that each file is a supported type and size, then try again.${said}`;
  }
  return `${platformName} ${hint.what} (${subcode}): ${hint.fix}.${said}`;
}

function metaSaid(error: GraphError | null): string {
  const words = error?.error_user_msg ?? error?.message;
  return words === undefined || words === '' ? '' : ` Meta said: "${words}"`;
}
