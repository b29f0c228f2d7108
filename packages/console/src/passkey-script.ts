import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * The passkey script: WebAuthn ceremonies of the sign-in step and the Security page (built from
 * browser/passkey.ts with @simplewebauthn/browser into assets/passkey.js, committed). Read once;
 * the same relative path holds from src/ and from dist/.
 */
export const PASSKEY_JS = readFileSync(new URL('../assets/passkey.js', import.meta.url), 'utf8');

/** The script's path: its name carries a hash of its content. */
export const PASSKEY_JS_PATH = `/app/assets/passkey-${createHash('sha256').update(PASSKEY_JS).digest('hex').slice(0, 12)}.js`;
