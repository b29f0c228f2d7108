import type { Mailer } from '@svc/core';
import { createTransport } from 'nodemailer';

/** How the SMTP mailer connects and what it signs its messages with. */
export type SmtpMailerOptions = {
  /**
   * `SVC_SMTP_URL`: `smtp://user:pass@host:port` (STARTTLS when the server offers it) or
   * `smtps://…` (TLS from the first byte, port 465 by default).
   */
  readonly url: string;
  /** `SVC_MAIL_FROM`: the From address. */
  readonly from: string;
  /** Each step (connect, greeting, each command) at most this long. Default 30 s. */
  readonly timeoutMs?: number;
  /** TLS for tests: trust exactly this certificate authority. */
  readonly certificateAuthority?: string;
};

/** The Mailer, closed at shutdown. */
export type SmtpMailer = Mailer & {
  /**
   * Connects, reads the greeting, says EHLO (and STARTTLS and AUTH when the URL calls for them) and
   * quits, sending nothing: null when all of it worked, else what failed, without the credentials.
   */
  verify(): Promise<string | null>;
  close(): void;
};

/**
 * Sends through one SMTP server with nodemailer. A 5xx reply (the server
 * refuses the message or the address for good) is a permanent failure; everything else (refused
 * connection, timeout, 4xx) is retried by core's schedule. Errors carry the server's reply, never
 * the credentials of the URL.
 */
export function createSmtpMailer(options: SmtpMailerOptions): SmtpMailer {
  const timeout = options.timeoutMs ?? 30_000;
  // The URL gives host, port, TLS mode and credentials; the limits are ours. One connection per
  // message, no pool: notifications are few, and a server that was down is simply tried afresh.
  const transport = createTransport({
    url: options.url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    ...(options.certificateAuthority === undefined ? {} : { tls: { ca: options.certificateAuthority } }),
  });
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: message.messageId,
          headers: { ...message.headers },
        });
        return { kind: 'sent' };
      } catch (error) {
        const code = (error as { responseCode?: unknown }).responseCode;
        const permanent = typeof code === 'number' && code >= 500 && code < 600;
        return { kind: 'failed', permanent, error: describe(error) };
      }
    },
    async verify() {
      try {
        await transport.verify();
        return null;
      } catch (error) {
        return describe(error);
      }
    },
    close() {
      transport.close();
    },
  };
}

function describe(error: unknown): string {
  const e = error as { code?: unknown; response?: unknown; message?: unknown };
  const said =
    typeof e.response === 'string' ? e.response : typeof e.message === 'string' ? e.message : 'failed';
  // A message may quote the connection URL; the credentials in it never leave here.
  const text = said.replace(/\/\/[^@/\s]*@/g, '//');
  return (typeof e.code === 'string' ? `${e.code}: ${text}` : text).slice(0, 300);
}

/** The From address when `SVC_MAIL_FROM` is unset: `svc@` and the host of the public base URL. */
export function defaultMailFrom(baseUrl: string): string {
  return `svc@${new URL(baseUrl).hostname}`;
}
