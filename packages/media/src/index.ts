export type { DiskBlobStore, DiskBlobStoreOptions } from './disk-blob-store.js';
export { createDiskBlobStore, InvalidBlobKeyError } from './disk-blob-store.js';
export type { ImageProcessorOptions } from './image-processor.js';
export { createImageProcessor, ImageProcessingError } from './image-processor.js';
export type { MediaInspectorOptions } from './media-inspector.js';
export { createMediaInspector } from './media-inspector.js';
export type { FetchTimeouts, SafeFetcherOptions } from './safe-fetcher.js';
export { createSafeFetcher } from './safe-fetcher.js';
