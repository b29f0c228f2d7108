// The `svc` command: the CLI of the service (see `svc --help`).
import { text } from 'node:stream/consumers';
import { runCli } from './cli/run-cli.js';

// A reader that goes away (`svc keys list | head`) is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

const exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  stdout: (chunk) => process.stdout.write(chunk),
  stderr: (chunk) => process.stderr.write(chunk),
  readStdin: () => text(process.stdin),
});
process.exitCode = exitCode;
