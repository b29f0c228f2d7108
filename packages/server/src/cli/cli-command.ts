import type { ParseArgsOptionsConfig } from 'node:util';

/** What a command gets to work with; tests pass their own. */
export type CliIo = {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** The whole of standard input, for `-` file arguments. */
  readonly readStdin: () => Promise<string>;
};

/** Parsed arguments of one command. */
export type CliArgs = {
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
  readonly positionals: readonly string[];
};

/** One `svc` command. */
export type CliCommand = {
  /** Words that select it, e.g. `keys create`. */
  readonly name: string;
  readonly summary: string;
  /** Usage line and option descriptions, printed by `--help`. */
  readonly help: string;
  readonly options: ParseArgsOptionsConfig;
  /** How many positional arguments it takes. */
  readonly positionals: { readonly min: number; readonly max: number };
  /** Runs the command; resolves to the exit code. Expected failures throw CliFailure. */
  run(args: CliArgs, io: CliIo): Promise<number>;
};

/** A failure to report as one line on stderr with a non-zero exit code. */
export class CliFailure extends Error {
  override readonly name = 'CliFailure';
  readonly exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

/** Writes a command's result: one JSON object on stdout. */
export function printJson(io: CliIo, value: unknown): void {
  io.stdout(`${JSON.stringify(value, null, 2)}\n`);
}
