/** One e-mail as the mailer sends it. */
export type MailMessage = {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** Extra headers (List-Unsubscribe and its one-click partner, RFC 8058). */
  readonly headers: Readonly<Record<string, string>>;
  /** Stable per notification: a resend after a crash carries the same Message-ID. */
  readonly messageId: string;
};

/** What came of handing a message to the mail server. */
export type MailResult =
  | { readonly kind: 'sent' }
  /** Not accepted. `permanent`: the server refused for good (a 5xx reply); otherwise try again later. */
  | { readonly kind: 'failed'; readonly permanent: boolean; readonly error: string };

/** Sends e-mail (SMTP in production). Never throws: a failure is a result. */
export type Mailer = {
  send(message: MailMessage): Promise<MailResult>;
};
