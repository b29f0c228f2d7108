// Node-only implementations of the core's crypto, id and clock ports.
export { createAesGcmSecretBox } from './aes-gcm-secret-box.js';
export { checkSignIn, clientAddress, type SignInCheck } from './check-sign-in.js';
export { hmacSha256Verifier } from './hmac-sha256-verifier.js';
export { isLocalClient } from './local-client.js';
export { DECOY_PASSWORD_HASH, hashPassword, verifyPassword } from './password-hash.js';
export { createRandomIdGenerator } from './random-id-generator.js';
export { scryptPasswordHasher } from './scrypt-password-hasher.js';
export { sha256KeyHasher } from './sha256-key-hasher.js';
export { createStandardWebhookSigner } from './standard-webhook-signer.js';
export { systemClock } from './system-clock.js';
