// Offline content check for a repository of planned posts: every JSON file named on the command
// line holds one post creation payload (spec 2.2). Errors fail the run; warnings are printed.
// Run: pnpm --filter @svc-examples/policy-check check posts/*.json
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { type PolicyResult, validatePostPayload } from '@svc/core';

/** Checks one payload as the API would, without fetching its media links. */
export function checkPayload(payload: unknown): PolicyResult {
  return validatePostPayload(payload);
}

function main(files: string[]): number {
  let failed = 0;
  for (const file of files) {
    const result = checkPayload(JSON.parse(readFileSync(file, 'utf8')));
    for (const issue of [...result.errors, ...result.warnings]) {
      console.log(
        `${file}: ${issue.severity} ${issue.code} [${issue.platform ?? 'all'} ${issue.field}] ${issue.message}`,
      );
    }
    if (!result.ok) failed += 1;
  }
  console.log(`${files.length - failed} of ${files.length} payloads pass the policy.`);
  return failed === 0 ? 0 : 1;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = main(process.argv.slice(2));
