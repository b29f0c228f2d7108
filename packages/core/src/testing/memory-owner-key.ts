/**
 * The key of a name that is unique per owner (an idempotency key, a source link) in the memory
 * store's maps; the purge reads the owner back from before the NUL.
 */
export const ownerKey = (ownerId: string, name: string) => `${ownerId}\u0000${name}`;
