const KB = 1024;
const MB = KB * KB;

/**
 * A file size as a person reads it: KB under a megabyte (at least 1 KB, never "bytes"), then MB
 * with one decimal (1 MB = 1,048,576 bytes, as the limits are set).
 */
export function sizeWords(bytes: number): string {
  if (bytes < MB) return `${Math.max(1, Math.round(bytes / KB))} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}
