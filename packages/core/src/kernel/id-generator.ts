/** Kinds of records that get generated ids; the prefix makes an id's kind obvious in logs. */
export type IdPrefix =
  | 'post'
  /** The group of posts made together (one request to several accounts). */
  | 'grp'
  | 'user'
  | 'key'
  | 'acct'
  | 'media'
  | 'conn'
  | 'appr'
  | 'bill'
  | 'auto'
  /** An outgoing webhook subscription. */
  | 'whk'
  /** An outgoing webhook message; it is the Standard Webhooks `webhook-id` receivers dedupe on. */
  | 'msg'
  /** One message's delivery to one subscription. */
  | 'dlv'
  /** A workspace other than a personal one (a personal workspace has its user's id). */
  | 'wsp'
  /** An invitation to a workspace; also the non-secret part of its token. */
  | 'inv'
  /** One e-mail notification to one person (its Message-ID too). */
  | 'ntf'
  /** A review link for a client (docs/teams.md); also the non-secret part of its token. */
  | 'rev';

/** Source of ids and secrets; the core never reads randomness itself. */
export type IdGenerator = {
  /**
   * A new id `<prefix>_<26 Crockford base32 chars>`. Ids are unique and sort by creation time,
   * which keeps indexes append-mostly and gives "newest first" lists a stable order.
   */
  id(prefix: IdPrefix): string;
  /** A new 256-bit secret as 43 base64url characters (for API keys and similar). */
  secret(): string;
};
