/**
 * Rows of Meta's Instagram error-codes table, quoted from the page "Error Codes" (Instagram
 * Platform → Instagram Graph API → Reference, updated Jun 2, 2026):
 * https://developers.facebook.com/documentation/instagram-platform/instagram-graph-api/reference/error-codes
 * `userMessage` and `solution` are Meta's own words ("User Message" and "Recommended Solution"
 * columns, typos included); the classifier's tests check each row against them, not against the
 * simulator's wording.
 */
export type DocumentedGraphError = {
  readonly status: number;
  readonly code: number;
  readonly subcode: number;
  readonly userMessage: string;
  readonly solution: string;
};

/** Instagram's documented publishing errors the classifier treats specially. */
export const INSTAGRAM_ERROR_CODES = {
  serverError: {
    status: 400,
    code: -1,
    subcode: 2207001,
    userMessage: 'Instagram server error. Try again.',
    solution: '',
  },
  downloadTimeout: {
    status: 400,
    code: -2,
    subcode: 2207003,
    userMessage: 'It takes too long to download the media.',
    solution: 'A timeout occured while downloading the media. Try again.',
  },
  // Not in the stored copy of the page: the wording is the platform audit's reading of the Jun
  // 2026 page ("Temporary error publishing a container. Try again 1–2 times in 30 s–2 min; else
  // new container"), split into its two columns.
  temporaryPublishError: {
    status: 400,
    code: 24,
    subcode: 2207008,
    userMessage: 'Temporary error publishing a container.',
    solution: 'Try again 1–2 times in 30 s–2 min; else new container.',
  },
  expired: {
    status: 400,
    code: -2,
    subcode: 2207020,
    userMessage: 'The media you are trying to access has expired. Please try to upload again.',
    solution: 'Generate a new container ID and use it to try again.',
  },
  createFailed: {
    status: 400,
    code: -1,
    subcode: 2207032,
    userMessage: 'Create media fail, please try to re-create media',
    solution: 'Failed to create a media container. Try again.',
  },
  suspectedSpam: {
    status: 400,
    code: 4,
    subcode: 2207051,
    userMessage:
      'We restrict certain activity to protect our community. Tell us if you think we made a mistake.',
    // The English solution column was cut from the stored copy; the Japanese copy of the same
    // row says the publishing action is suspected to be spam and asks to be told if it is not.
    solution: 'The publishing action is suspected to be spam.',
  },
  unknownUploadError: {
    status: 400,
    code: -1,
    subcode: 2207053,
    userMessage: 'unknown upload error',
    solution:
      'An unknown error occured during upload. Generate a new container and use it to try again. This should only affect video uploads.',
  },
} as const satisfies Record<string, DocumentedGraphError>;

/** The Graph error body Instagram answers for a documented row (shape of the page's sample). */
export function documentedErrorBody(row: DocumentedGraphError): unknown {
  return {
    error: {
      message: row.userMessage,
      type: 'OAuthException',
      code: row.code,
      error_subcode: row.subcode,
      is_transient: false,
      error_user_msg: row.userMessage,
      fbtrace_id: 'A6LJylpZRKw2xKLFsAP-cJh',
    },
  };
}
