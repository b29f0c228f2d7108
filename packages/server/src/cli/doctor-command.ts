import { type DoctorReport, doctorCheck, doctorReport } from '@svc/core';
import { loadConfig } from '../config.js';
import { runDoctor } from '../doctor/run-doctor.js';
import { type CliCommand, type CliIo, printJson } from './cli-command.js';

/** `svc doctor`. */
export const doctor: CliCommand = {
  name: 'doctor',
  summary: "Check this deployment's settings and what it connects to",
  help: `Usage: svc doctor [--text]

Checks the deployment this environment describes and prints
{"ok", "checks": [{"name", "ok", "level", "message"}]}, each message saying what to do when
something is wrong. Exits 1 when any check fails ("ok": false), so it can gate a deploy or run
from a monitor; warnings ("level": "warn") and checks that do not apply ("skipped") do not fail.
It changes nothing: no directory, database or secret is created and nothing is migrated.

Checks (docs/operations.md, "Checking a deployment: svc doctor"):
  configuration      the environment is valid (otherwise the only check)
  base_url           SVC_BASE_URL is set and https (plain http only on loopback or for the sandbox)
  master_secret      SVC_SECRET (or the generated one) is present and strong; never printed
  data_dir           SVC_DATA_DIR is writable, or can be created
  database           the SQLite file or DATABASE_URL is reachable; pending migrations are named
  media_store        the media directory is writable, or the S3 bucket can be listed
  smtp               SVC_SMTP_URL's server greets and takes the login (skipped when unset)
  clock              this machine's clock against PostgreSQL's (skipped on SQLite)
  sandbox_exposure   the sandbox is not open to other machines beside real platform apps
  metrics_token      GET /metrics has SVC_METRICS_TOKEN when others can reach it

Options:
  --text    print one line per check for a person instead of JSON`,
  options: { text: { type: 'boolean' } },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const loaded = loadConfig(io.env, io.cwd);
    // An invalid environment is a finding like any other: the report still comes out.
    const report = loaded.ok
      ? await runDoctor(loaded.config, io.env)
      : doctorReport([
          doctorCheck(
            'configuration',
            'fail',
            `${loaded.error}: fix it (docs/configuration.md) and run svc doctor again.`,
          ),
        ]);
    if (values.text === true) printText(io, report);
    else printJson(io, report);
    return report.ok ? 0 : 1;
  },
};

const MARKS = { pass: 'ok  ', warn: 'warn', fail: 'FAIL', skipped: 'skip' } as const;

function printText(io: CliIo, report: DoctorReport): void {
  const lines = report.checks.map((c) => `${MARKS[c.level]}  ${c.name.padEnd(18)}${c.message}`);
  const failed = report.checks.filter((c) => !c.ok).length;
  const warned = report.checks.filter((c) => c.level === 'warn').length;
  const warnings = warned === 0 ? '' : ` ${warned} warning(s) to read above.`;
  lines.push('', report.ok ? `All checks passed.${warnings}` : `${failed} check(s) failed.${warnings}`);
  io.stdout(`${lines.join('\n')}\n`);
}
