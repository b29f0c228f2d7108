import { isLoopbackHost } from '../../kernel/index.js';
import { type DoctorCheck, doctorCheck } from './doctor-check.js';

/** What the base URL check reads of the configuration. */
export type BaseUrlSetting = {
  /** The base URL in use (SVC_BASE_URL, else http://localhost:PORT). */
  readonly baseUrl: string;
  /** Whether SVC_BASE_URL was set. */
  readonly set: boolean;
  /** Whether any platform has real app credentials (they need https redirect URIs). */
  readonly livePlatforms: boolean;
};

const FIX = 'set SVC_BASE_URL to the https address people and platforms reach, e.g. https://svc.example.com';

/**
 * `base_url`: https passes. Plain http is acceptable only where nobody else needs the links: on
 * loopback (a warning), or with only sandbox platforms (a warning: every link in e-mails, media
 * and OAuth redirects would travel in clear). Real platforms refuse http redirect URIs, so http on
 * a public address with live platforms fails, as does no base URL at all with live platforms.
 */
export function baseUrlCheck(setting: BaseUrlSetting): DoctorCheck {
  const url = new URL(setting.baseUrl);
  if (!setting.set) {
    return doctorCheck(
      'base_url',
      setting.livePlatforms ? 'fail' : 'warn',
      `SVC_BASE_URL is not set, so links point at ${setting.baseUrl}: fine for trying the sandbox on this machine; ${FIX}.`,
    );
  }
  if (url.protocol === 'https:')
    return doctorCheck('base_url', 'pass', `The base URL is ${setting.baseUrl}.`);
  if (isLoopbackHost(url.hostname)) {
    return doctorCheck(
      'base_url',
      'warn',
      `The base URL ${setting.baseUrl} is plain http on loopback: only this machine can follow its links; before others or platforms use it, ${FIX}.`,
    );
  }
  if (!setting.livePlatforms) {
    return doctorCheck(
      'base_url',
      'warn',
      `The base URL ${setting.baseUrl} is plain http on a network address: acceptable only for the sandbox, as sign-in cookies and media links travel in clear; ${FIX}.`,
    );
  }
  return doctorCheck(
    'base_url',
    'fail',
    `The base URL ${setting.baseUrl} is plain http on a network address, and real platforms refuse http redirect URIs: ${FIX}.`,
  );
}
