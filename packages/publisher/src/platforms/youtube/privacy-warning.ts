/**
 * The post's warning when YouTube gave the video another privacy than the one asked, or undefined
 * when it kept it. Uploads from a Google Cloud project that has not passed Google's YouTube API
 * audit (every project created after 28 July 2020 until it does) are locked to private (videos
 * resource, developers.google.com/youtube/v3/docs/videos): the video exists, so the post is
 * published, but only the channel's owner can watch it, and the person must hear why.
 */
export function privacyWarning(asked: string, got: string | undefined): string | undefined {
  if (got === undefined || got === asked) return undefined;
  const audit =
    got === 'private'
      ? " YouTube locks every upload to private when the Google Cloud project of this server's app " +
        'has not passed Google\'s YouTube API Services audit; its owner applies through the "YouTube ' +
        'API Services audit and quota extension form". Until then, change the video\'s visibility in ' +
        'YouTube Studio.'
      : ' Check its visibility in YouTube Studio.';
  return `YouTube published the video as ${got}, not ${asked} as asked.${audit}`;
}
