// The process surface a subcommand uses, injectable so commands are unit-tested in-process.
import { readFileSync } from 'node:fs';

export interface CliIo {
  /** Reads a file, or standard input for `-`. */
  readInput: (path: string) => Promise<string>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export const processIo: CliIo = {
  readInput: (path) => (path === '-' ? readStdin() : Promise.resolve(readFileSync(path, 'utf8'))),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** A subcommand: gets its own arguments, returns the exit code. */
export type Command = (args: string[], io: CliIo) => Promise<number>;

/** A usage error: printed with the command's usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
