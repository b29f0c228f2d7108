// Compose's TikTok switches and Facebook link turned into `platformMeta`, shared by the server's
// form handling and the browser's live checks so both judge the same settings. Pure: no DOM.

/** The TikTok switches (checked or not) and the Facebook link (empty: none) of Compose. */
export type PlatformOptionsFields = {
  /** The TikTok fieldset was on the form (a TikTok account is connected). */
  readonly tiktok: boolean;
  readonly allowComment: boolean;
  readonly allowDuet: boolean;
  readonly allowStitch: boolean;
  readonly disclose: boolean;
  readonly yourBrand: boolean;
  readonly brandedContent: boolean;
  readonly aigc: boolean;
  readonly facebookLink: string;
};

/** Nothing ticked, no link: what a new Compose starts with (TikTok's interactions start off). */
export const PLATFORM_OPTIONS_EMPTY: PlatformOptionsFields = {
  tiktok: false,
  allowComment: false,
  allowDuet: false,
  allowStitch: false,
  disclose: false,
  yourBrand: false,
  brandedContent: false,
  aigc: false,
  facebookLink: '',
};

/** The form names of the fields (`tt-` and `fb-` keep them apart from the post's own). */
export const PLATFORM_OPTION_NAMES = {
  tiktok: 'tt-form',
  allowComment: 'tt-allow-comment',
  allowDuet: 'tt-allow-duet',
  allowStitch: 'tt-allow-stitch',
  disclose: 'tt-disclose',
  yourBrand: 'tt-your-brand',
  brandedContent: 'tt-branded',
  aigc: 'tt-aigc',
  facebookLink: 'fb-link',
} as const satisfies Record<keyof PlatformOptionsFields, string>;

type Switch = Exclude<keyof PlatformOptionsFields, 'facebookLink'>;
const SWITCHES = Object.keys(PLATFORM_OPTION_NAMES).filter((k) => k !== 'facebookLink') as Switch[];

/** The fields read with `get` (a ticked box's or a field's value by name; null when absent or unticked). */
export function platformOptionsFields(get: (name: string) => string | null): PlatformOptionsFields {
  const ticked = Object.fromEntries(SWITCHES.map((k) => [k, get(PLATFORM_OPTION_NAMES[k]) !== null]));
  return {
    ...(ticked as Record<Switch, boolean>),
    facebookLink: (get(PLATFORM_OPTION_NAMES.facebookLink) ?? '').trim(),
  };
}

/**
 * `platformMeta.tiktok` (without the privacy level, chosen apart) and `platformMeta.facebook` of
 * the fields, each only when its fields were there. An interaction left unticked is sent
 * disabled: TikTok's guidelines let the person turn each on, none on by default.
 */
export function platformOptionsMeta(fields: PlatformOptionsFields): Record<string, Record<string, unknown>> {
  const meta: Record<string, Record<string, unknown>> = {};
  if (fields.tiktok) {
    meta.tiktok = {
      disableComment: !fields.allowComment,
      disableDuet: !fields.allowDuet,
      disableStitch: !fields.allowStitch,
      ...(fields.disclose
        ? {
            commercialContentDisclosure: true,
            brandOrganicOptIn: fields.yourBrand,
            brandContentOptIn: fields.brandedContent,
          }
        : {}),
      ...(fields.aigc ? { isAigc: true } : {}),
    };
  }
  if (fields.facebookLink !== '') meta.facebook = { link: fields.facebookLink };
  return meta;
}

/** The fields showing a stored post's TikTok and Facebook settings again (a duplicated post). */
export function platformOptionsFieldsOf(
  meta: {
    readonly tiktok?: Readonly<Record<string, unknown>> | undefined;
    readonly facebook?: Readonly<Record<string, unknown>> | undefined;
  } | null,
): PlatformOptionsFields {
  const tiktok = meta?.tiktok;
  const disclosed = tiktok?.commercialContentDisclosure === true;
  const link = meta?.facebook?.link;
  return {
    tiktok: tiktok !== undefined,
    allowComment: tiktok !== undefined && tiktok.disableComment !== true,
    allowDuet: tiktok !== undefined && tiktok.disableDuet !== true,
    allowStitch: tiktok !== undefined && tiktok.disableStitch !== true,
    disclose: disclosed,
    yourBrand: disclosed && tiktok?.brandOrganicOptIn === true,
    brandedContent: disclosed && tiktok?.brandContentOptIn === true,
    aigc: tiktok?.isAigc === true,
    facebookLink: typeof link === 'string' ? link : '',
  };
}
