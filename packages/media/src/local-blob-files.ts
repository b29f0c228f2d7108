/**
 * Access to a blob as a file on local disk, for readers that open files by path (file-type,
 * sharp, mp4box, music-metadata). The disk store lends its own file; the S3 store a copy from its
 * local cache, downloaded on a miss.
 */
export type LocalBlobFiles = {
  /**
   * Runs `use` with the path of a readable local file holding the blob's bytes; the file stays
   * there until `use` settles. Rejects with code `ENOENT` when the blob is not stored.
   */
  withLocalFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T>;
};
