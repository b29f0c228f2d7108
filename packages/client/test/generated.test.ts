import { describe, expect, it } from 'vitest';
import {
  GENERATE_COMMAND,
  GENERATED_FILES,
  generateClientSources,
  readGeneratedFiles,
} from '../scripts/generate.js';

// The committed document and types are what the generator makes of the API as it is now; when
// an operation changes, this fails until they are regenerated.
describe('generated files', () => {
  it('openapi.json and src/openapi-types.ts match a fresh generation', async () => {
    const fresh = await generateClientSources();
    const committed = readGeneratedFiles();
    for (const key of Object.keys(GENERATED_FILES) as (keyof typeof GENERATED_FILES)[]) {
      expect(
        committed[key] === fresh[key],
        `packages/client/${GENERATED_FILES[key]} is out of date with the REST API: run \`${GENERATE_COMMAND}\` and commit the result.`,
      ).toBe(true);
    }
  }, 60_000);
});
