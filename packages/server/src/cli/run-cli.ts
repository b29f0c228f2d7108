import { parseArgs } from 'node:util';
import { SERVICE_VERSION } from '../version.js';
import { accountsConnectSandbox } from './account-commands.js';
import { migrate, publisherCommand, serve, validate } from './admin-commands.js';
import { analyticsCollect } from './analytics-commands.js';
import { approvalsDecide } from './approval-commands.js';
import { automationsList, automationsPause, automationsResume } from './automation-commands.js';
import { backup, restore } from './backup-commands.js';
import { billingEvent, billingSet, billingShow } from './billing-commands.js';
import { type CliCommand, CliFailure, type CliIo } from './cli-command.js';
import { doctor } from './doctor-command.js';
import { keysCreate, keysList, keysRevoke } from './key-commands.js';
import { platformsCheck } from './platform-commands.js';
import { postsRestore } from './post-commands.js';
import { usersResetSecondFactor } from './second-factor-commands.js';
import { sweep } from './sweep-commands.js';
import { membersAdd, membersList, workspacesCreate, workspacesList } from './team-commands.js';
import { usersCreate, usersSetPassword, usersSetPlan } from './user-commands.js';

/** Every command, in the order `svc --help` lists them. */
export const COMMANDS: readonly CliCommand[] = [
  serve,
  publisherCommand,
  migrate,
  backup,
  restore,
  usersCreate,
  usersSetPassword,
  usersResetSecondFactor,
  usersSetPlan,
  membersAdd,
  membersList,
  workspacesList,
  workspacesCreate,
  keysCreate,
  keysList,
  keysRevoke,
  accountsConnectSandbox,
  approvalsDecide,
  postsRestore,
  billingShow,
  billingSet,
  billingEvent,
  analyticsCollect,
  sweep,
  platformsCheck,
  doctor,
  automationsList,
  automationsPause,
  automationsResume,
  validate,
];

const OVERVIEW = `Usage: svc <command> [options]

The social post scheduling service. Every command reads the same environment as \`svc serve\`
(docs/configuration.md), prints one JSON object on stdout on success, and on failure prints one
line on stderr and exits non-zero. \`svc <command> --help\` explains a command.

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(26)}${c.summary}`).join('\n')}

Options:
  --help       show this help
  --version    print the version`;

/**
 * Runs `svc` with the given arguments (without `node` and the script) and resolves to the exit
 * code: 0 on success, 1 when the command failed, 2 for a usage error.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    if (error instanceof CliFailure) {
      io.stderr(`svc: ${error.message}\n`);
      return error.exitCode;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`svc: unexpected failure: ${message.split('\n')[0]}\n`);
    return 1;
  }
}

async function dispatch(argv: readonly string[], io: CliIo): Promise<number> {
  const first = argv[0];
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    io.stdout(`${OVERVIEW}\n`);
    return first === undefined ? 2 : 0;
  }
  if (first === '--version' || first === '-v') {
    io.stdout(`${JSON.stringify({ version: SERVICE_VERSION })}\n`);
    return 0;
  }
  const command = COMMANDS.find((c) => {
    const words = c.name.split(' ');
    return words.every((word, i) => argv[i] === word);
  });
  if (command === undefined) {
    const group = COMMANDS.filter((c) => c.name.startsWith(`${first} `));
    if (group.length > 0 && (argv[1] === undefined || argv[1] === '--help' || argv[1] === '-h')) {
      io.stdout(
        `Usage: svc ${first} <command>\n\n${group.map((c) => `  ${c.name.padEnd(26)}${c.summary}`).join('\n')}\n`,
      );
      return argv[1] === undefined ? 2 : 0;
    }
    throw new CliFailure(`unknown command "${argv.slice(0, 2).join(' ')}". Run svc --help for the list.`, 2);
  }
  const rest = argv.slice(command.name.split(' ').length);
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(`${command.help}\n`);
    return 0;
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...rest], options: command.options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliFailure(`${(error as Error).message.split('\n')[0]} See svc ${command.name} --help.`, 2);
  }
  const { min, max } = command.positionals;
  if (parsed.positionals.length < min || parsed.positionals.length > max) {
    const usage = command.help.split('\n')[0] ?? '';
    throw new CliFailure(`wrong number of arguments. ${usage}`, 2);
  }
  return command.run(
    {
      values: parsed.values as Record<string, string | boolean | undefined>,
      positionals: parsed.positionals,
    },
    io,
  );
}
