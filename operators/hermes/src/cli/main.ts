#!/usr/bin/env node
// hermes-operator: the operator's command line. Each subcommand lives in its own file and is
// loaded only when called; add one by adding it to COMMANDS.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { processIo } from './io.ts';
import type { CliIo, Command } from './io.ts';

interface CommandEntry {
  summary: string;
  load: () => Promise<Command>;
}

export const COMMANDS: Record<string, CommandEntry> = {
  render: {
    summary: 'Print every object a HermesInstance produces, as YAML (no cluster needed).',
    load: async () => (await import('./render.ts')).render,
  },
  run: {
    summary: 'Run the operator (controllers, webhooks, health and metrics).',
    load: async () => (await import('./run.ts')).run,
  },
};

export function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return `Usage: hermes-operator <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun hermes-operator <command> --help for the options of a command.\n`;
}

export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '-h' || name === '--help' || name === 'help') {
    if (name === undefined) {
      io.stderr(usage());
      return 2;
    }
    io.stdout(usage());
    return 0;
  }
  const entry = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!entry) {
    io.stderr(`hermes-operator: unknown command '${name}'\n\n${usage()}`);
    return 2;
  }
  const command = await entry.load();
  return command(rest, io);
}

// Run when executed (also through the npm bin symlink), not when imported by tests.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
