import {
  offlinePlatformChecks,
  PLATFORM_NAMES,
  PLATFORM_SCOPES,
  PLATFORMS,
  type PlatformCheck,
  type PlatformSetup,
  platformMode,
  purposeEnabled,
} from '@svc/core';
import { type Html, html } from '@svc/web';
import { stackTable } from './stack-table.js';

const PURPOSE_LABELS = {
  publishing: 'publishing',
  analytics: 'analytics',
  comment_automations: 'comment automations',
  private_replies: 'private replies',
  business_pages: 'Business Manager Pages',
} as const;

// One word for a platform's findings: the worst level among them.
function summary(checks: readonly PlatformCheck[]): Html {
  if (checks.some((c) => c.level === 'fail'))
    return html`<span class="status status-failed">Needs the operator</span>`;
  if (checks.some((c) => c.level === 'warn'))
    return html`<span class="status status-draft">Works, with warnings</span>`;
  return html`<span class="status status-posted">Ready</span>`;
}

/**
 * The Connections page's "Platform set-up" section: for each platform served (live or sandbox), who
 * serves it, the permissions its consent asks for (by feature) and the offline findings of `svc
 * platforms check`. Everything here is read from the settings (no secret, no network call), so
 * every signed-in person may see why a connection asks what it asks or may fail; the live probes
 * (does the platform accept the app secret?) stay with the operator's command.
 */
export function platformSetupSection(setup: PlatformSetup, now: Date): Html {
  const served = PLATFORMS.filter((platform) => platformMode(platform, setup) !== 'not_configured');
  if (served.length === 0) return html``;
  const rows = served.map((platform) => {
    const checks = offlinePlatformChecks(platform, setup, now);
    const asked = PLATFORM_SCOPES[platform].filter((row) => purposeEnabled(row.purpose, setup.features));
    const mode = platformMode(platform, setup);
    const facebookConfig = platform === 'facebook' && setup.facebookConfigId !== null && mode === 'live';
    return html`<tr>
<td>${PLATFORM_NAMES[platform]}<div class="muted">${mode === 'live' ? 'the real platform' : 'the built-in sandbox'}</div></td>
<td data-label="Asks for" class="scopes">${
      facebookConfig
        ? html`<p class="muted">The Facebook Login for Business configuration decides; it must hold:</p>`
        : ''
    }<ul class="plain">${asked.map((row) => html`<li><code>${row.scope}</code> <span class="muted">${PURPOSE_LABELS[row.purpose]}</span></li>`)}</ul></td>
<td data-label="Set-up">${summary(checks)}<details><summary>Findings</summary><ul class="plain">${checks.map(
      (c) => html`<li><strong>${c.name.replace(/_/g, ' ')}</strong> (${c.level}): ${c.message}</li>`,
    )}</ul></details></td></tr>`;
  });
  return html`<section class="card"><h2>Platform set-up</h2>
<p class="muted">What each platform's consent asks for with the features this server has on, and what its settings show. The operator checks the apps live with <code>svc platforms check</code>.</p>
${stackTable(['Platform', 'Asks for', 'Set-up'], rows, false)}</section>`;
}
