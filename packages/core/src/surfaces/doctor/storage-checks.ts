import { type DoctorCheck, doctorCheck } from './doctor-check.js';

/** What trying a directory found: writable, absent but creatable, or why neither. */
export type DirectoryState =
  | { readonly kind: 'writable' }
  | { readonly kind: 'creatable' }
  | { readonly kind: 'unwritable'; readonly problem: string };

/**
 * `data_dir`, and `media_store` with media on disk: the directory can be written (or, not there
 * yet, created by the first start). `what` names the setting, e.g. `SVC_DATA_DIR /srv/svc`.
 */
export function directoryCheck(name: string, what: string, state: DirectoryState, fix: string): DoctorCheck {
  switch (state.kind) {
    case 'writable':
      return doctorCheck(name, 'pass', `${what} is writable.`);
    case 'creatable':
      return doctorCheck(name, 'pass', `${what} does not exist yet; the first start creates it.`);
    case 'unwritable':
      return doctorCheck(name, 'fail', `${what} is not writable (${state.problem}): ${fix}.`);
  }
}

/** What listing one object of the media bucket answered: null when it worked, else S3's code. */
export type BucketProblem = { readonly code: string; readonly message: string } | null;

const MISSING_BUCKET = new Set(['NoSuchBucket', 'NotFound']);
const REFUSED = new Set([
  'AccessDenied',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'Forbidden',
  'CredentialsProviderError',
]);

/**
 * `media_store` on S3: the bucket exists and these credentials may list it (the orphan sweep lists,
 * uploads put, platforms' fetches read). `where` is `s3://bucket/prefix at endpoint`.
 */
export function s3BucketCheck(where: string, bucket: string, problem: BucketProblem): DoctorCheck {
  if (problem === null)
    return doctorCheck('media_store', 'pass', `Media is stored in ${where}, which answers.`);
  if (MISSING_BUCKET.has(problem.code)) {
    return doctorCheck(
      'media_store',
      'fail',
      `The bucket ${bucket} does not exist (${where}): create it, or fix SVC_MEDIA_STORE.`,
    );
  }
  if (REFUSED.has(problem.code)) {
    return doctorCheck(
      'media_store',
      'fail',
      `S3 refused these credentials for ${where} (${problem.code}): set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or the instance role) to one allowed to list, read, write and delete in the bucket.`,
    );
  }
  return doctorCheck(
    'media_store',
    'fail',
    `Cannot reach ${where} (${problem.code}: ${problem.message}): check SVC_S3_ENDPOINT, SVC_S3_REGION and the network.`,
  );
}
