// Node-only implementations of the core's ports: crypto (secret box, key and password hashing, HMAC, webhook
// signatures), ids and the clock. Rules live in the areas; nothing here decides.
export { createAesGcmSecretBox } from './aes-gcm-secret-box.js';
export { hmacSha1 } from './hmac-sha1.js';
export { hmacSha256Verifier } from './hmac-sha256-verifier.js';
export { DECOY_PASSWORD_HASH, hashPassword, verifyPassword } from './password-hash.js';
export { createRandomIdGenerator } from './random-id-generator.js';
export { scryptPasswordHasher } from './scrypt-password-hasher.js';
export { sha256KeyHasher } from './sha256-key-hasher.js';
export { createStandardWebhookSigner } from './standard-webhook-signer.js';
export { systemClock } from './system-clock.js';
