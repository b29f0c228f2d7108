import type { PlatformRules, PolicyConfig } from './platform-limits.js';

/** Why an image is re-encoded as JPEG for a platform. */
export type ImageConversionReason =
  /** The platform does not take this type (PNG, WebP or GIF where only JPEG goes). */
  | 'type'
  /** A JPEG the platform would show wrongly or refuse: CMYK, or more than 8 bits per channel. */
  | 'colour'
  /** Over the platform's image size limit. */
  | 'size';

/** What the conversion needs to know of an image. */
export type ConvertibleImage = {
  readonly contentType: string;
  readonly sizeBytes: number;
  readonly colorSpace?: string | null;
  readonly bitsPerChannel?: number | null;
};

/** Colour spaces a platform shows as they are; anything else (CMYK above all) is converted to sRGB. */
const DISPLAYABLE_SPACES: ReadonlySet<string> = new Set(['srgb', 'rgb', 'b-w']);

/**
 * Whether an image must be re-encoded as JPEG before a platform gets it, and why; null when the
 * platform takes it as it is, or when the service cannot convert it (the policy refuses those).
 * Only platforms that take JPEG are converted for, and only types the service knows how to read.
 */
export function imageConversionFor(
  image: ConvertibleImage,
  rules: PlatformRules,
  config: Pick<PolicyConfig, 'convertibleImageTypes'>,
): ImageConversionReason | null {
  if (!image.contentType.startsWith('image/')) return null;
  if (!rules.imageTypes.includes('image/jpeg') || !config.convertibleImageTypes.includes(image.contentType)) {
    return null;
  }
  if (!rules.imageTypes.includes(image.contentType)) return 'type';
  if (image.contentType === 'image/jpeg') {
    const space = image.colorSpace ?? null;
    const deep = (image.bitsPerChannel ?? 8) > 8;
    if ((space !== null && !DISPLAYABLE_SPACES.has(space)) || deep) return 'colour';
  }
  if (rules.maxImageBytes !== null && image.sizeBytes > rules.maxImageBytes) return 'size';
  return null;
}
