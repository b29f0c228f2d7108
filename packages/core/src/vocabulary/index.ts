// @svc/core/vocabulary — The service's words for people: statuses, platforms, TikTok privacy, sizes, counters, times with their zone, and every error code as a sentence.
// This file is the area's contract: other areas and packages import only what it exports.
// Free of zod and Node on purpose: the console's browser script bundles it with the policy.
export { counterWords } from './counter-words.js';
export { ERROR_SENTENCES, errorSentence } from './error-sentences.js';
export { PRIVACY_LEVEL_NAMES, privacyLevelName } from './privacy-level-names.js';
export { refusalSentence } from './refusal-sentence.js';
export { SCOPE_WORDS } from './scope-names.js';
export { sizeWords } from './size-words.js';
export { ACCOUNT_STATE_NAMES, PLAN_NAMES, STATUS_NAMES, statusName } from './status-names.js';
export { pastTimeSentence, timeInZone, zoneName } from './zone-words.js';
