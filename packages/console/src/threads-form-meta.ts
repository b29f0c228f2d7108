// Compose's Threads fields (reply control and reply chain) turned into `platformMeta.threads`,
// shared by the server's form handling and the browser's live checks so both judge the same
// chain. Pure: no DOM, no server.

/** One part of the chain as typed: its text and the library media chosen for it. */
export type ThreadsFormPart = { readonly caption: string; readonly mediaIds: readonly string[] };

/** The Threads fields of Compose (empty reply control: Threads' default, everyone). */
export type ThreadsFormFields = {
  readonly replyControl: string;
  readonly parts: readonly ThreadsFormPart[];
};

/** Nothing set: no chain, everyone may reply. */
export const THREADS_FORM_EMPTY: ThreadsFormFields = { replyControl: '', parts: [] };

/**
 * The form names: every part's text is a `thread-caption` (in order), its media the
 * `thread-media-<position>` choices; the browser renumbers those when a part is added or removed.
 */
export const THREADS_FIELD_NAMES = {
  replyControl: 'threads-reply-control',
  caption: 'thread-caption',
  media: (index: number) => `thread-media-${index}`,
} as const;

/** The fields read with `getAll` (a form's values by name). Blank parts (no text, no media) are left out. */
export function threadsFormFields(getAll: (name: string) => readonly string[]): ThreadsFormFields {
  const parts = getAll(THREADS_FIELD_NAMES.caption).map((caption, index) => ({
    caption,
    mediaIds: getAll(THREADS_FIELD_NAMES.media(index)).filter((id) => id !== ''),
  }));
  return {
    replyControl: (getAll(THREADS_FIELD_NAMES.replyControl)[0] ?? '').trim(),
    parts: parts.filter((part) => part.caption.trim() !== '' || part.mediaIds.length > 0),
  };
}

/** `platformMeta.threads` of the fields (a copy's starting point, the checks): null when nothing is set. */
export function threadsMetaOf(fields: ThreadsFormFields): Record<string, unknown> | null {
  const meta: Record<string, unknown> = {};
  if (fields.replyControl !== '') meta.replyControl = fields.replyControl;
  if (fields.parts.length > 0) {
    meta.thread = fields.parts.map((part) =>
      part.mediaIds.length === 0
        ? { caption: part.caption }
        : { caption: part.caption, mediaIds: [...part.mediaIds] },
    );
  }
  return Object.keys(meta).length === 0 ? null : meta;
}

/** A post's `platformMeta.threads` as the fields, to compose a copy of it. */
export function threadsFormFieldsOf(meta: unknown): ThreadsFormFields {
  const entry = (meta ?? {}) as { replyControl?: unknown; thread?: unknown };
  const thread = Array.isArray(entry.thread) ? entry.thread : [];
  return {
    replyControl: typeof entry.replyControl === 'string' ? entry.replyControl : '',
    parts: thread.flatMap((part: { caption?: unknown; mediaIds?: unknown }) =>
      typeof part?.caption === 'string'
        ? [{ caption: part.caption, mediaIds: Array.isArray(part.mediaIds) ? part.mediaIds.map(String) : [] }]
        : [],
    ),
  };
}
