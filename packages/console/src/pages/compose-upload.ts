import { type MediaAsset, previewKindOf, type SvcError, uploadMedia } from '@svc/core';
import { errorJson, readUpload } from '@svc/web';
import type { Result } from 'neverthrow';
import type { SignedContext } from '../console-context.js';
import type { ConsoleReply } from '../console-reply.js';
import { csrfMatches } from '../console-session.js';
import { isMultipart } from '../multipart-request.js';
import { formatSize } from './format.js';
import { thumbnailUrl } from './media-preview.js';

// A compose form as it arrives: a plain form, or a multipart one whose chosen file is stored
// first, through the use case of REST's POST /api/v1/media, so it is a slide whatever the checks
// of the post then say. Nothing chosen is dropped.

/** The form's fields, and the file it carried once stored (null: it carried none). */
export type ComposeForm = {
  readonly fields: URLSearchParams;
  readonly uploaded: Result<MediaAsset, SvcError> | null;
};

/**
 * Reads a compose form; null when a multipart form's anti-forgery token (sent before the file)
 * does not match, or the form cannot be read. A plain form was read and checked before the route ran.
 */
export async function readComposeForm(c: SignedContext): Promise<ComposeForm | null> {
  if (!isMultipart(c.req)) return { fields: c.form, uploaded: null };
  const read = await readUpload(
    c.req,
    c.deps.core.policy.maxFileBytes,
    (fields) => csrfMatches(c.session, fields.get('_csrf') ?? undefined),
    async (file) => await uploadMedia(c.deps.core, c.actor, file),
  );
  return read === null ? null : { fields: read.fields, uploaded: read.file };
}

/** Whether the page's script asked (it uploads as soon as a file is chosen and wants JSON). */
export const wantsJson = (c: SignedContext): boolean =>
  (c.req.headers.accept ?? '').includes('application/json');

const json = (status: number, body: unknown): ConsoleReply => ({
  status,
  body: JSON.stringify(body),
  contentType: 'application/json; charset=utf-8',
});

/**
 * The script's answer to an upload: the stored asset as a slide needs it (what the checks read,
 * its preview link and size in words), or `{error, code}` as REST words a refusal.
 */
export function uploadJson(form: ComposeForm | null): ConsoleReply {
  if (form === null) {
    return json(403, {
      error: 'The upload form has expired or could not be read. Reload the page and try again.',
      code: 'validation_failed',
    });
  }
  if (form.uploaded === null) {
    return json(400, { error: 'Choose a photo or video to upload first.', code: 'missing_file' });
  }
  if (form.uploaded.isErr()) return json(400, errorJson(form.uploaded.error));
  const m = form.uploaded.value;
  return json(200, {
    id: m.id,
    contentType: m.contentType,
    sizeBytes: m.sizeBytes,
    width: m.width,
    height: m.height,
    durationMs: m.durationMs,
    size: `${formatSize(m.sizeBytes)}${m.width === null ? '' : `, ${m.width}×${m.height}`}`,
    previewUrl: previewKindOf(m.contentType) === 'image' ? thumbnailUrl(m, 160) : null,
    frameUrl: previewKindOf(m.contentType) === 'image' ? thumbnailUrl(m, 480) : null,
  });
}
