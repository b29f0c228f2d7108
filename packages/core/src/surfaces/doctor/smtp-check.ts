import { type DoctorCheck, doctorCheck } from './doctor-check.js';

/** What connecting to SVC_SMTP_URL found; null when it is not set. */
export type SmtpState = {
  /** `smtp://host:port`, without the credentials of the URL. */
  readonly location: string;
  /** null when the server greeted, answered EHLO and took the login (when the URL has one). */
  readonly problem: string | null;
} | null;

/** `smtp`: the server of SVC_SMTP_URL answers, when one is set. */
export function smtpCheck(state: SmtpState): DoctorCheck {
  if (state === null) {
    return doctorCheck(
      'smtp',
      'skipped',
      'SVC_SMTP_URL is not set, so no e-mail is sent (failure notifications, invitations); set it to smtp://user:password@host:587 to send them.',
    );
  }
  if (state.problem === null)
    return doctorCheck('smtp', 'pass', `The SMTP server at ${state.location} answers.`);
  return doctorCheck(
    'smtp',
    'fail',
    `Cannot use the SMTP server at ${state.location} (${state.problem}): check the host, port and credentials of SVC_SMTP_URL, and that this machine may connect to it.`,
  );
}
