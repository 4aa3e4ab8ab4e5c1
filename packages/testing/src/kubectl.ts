// Runs the built kubectl against a kubeconfig: what tests and `make demo` use to act like a user.
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface Kubectl {
  (args: string[], input?: string): Promise<string>;
  /** Starts a long-running kubectl (e.g. `get -w`); the caller kills it. */
  spawn(args: string[]): ChildProcessWithoutNullStreams;
}

export function kubectl(binDir: string, kubeconfigPath: string): Kubectl {
  const bin = join(binDir, 'kubectl');
  const base = [`--kubeconfig=${kubeconfigPath}`];
  const fn = async (args: string[], input?: string): Promise<string> => {
    if (input === undefined) {
      const { stdout } = await run(bin, [...base, ...args], { maxBuffer: 64 * 1024 * 1024 });
      return stdout;
    }
    return new Promise((resolve, reject) => {
      const child = spawn(bin, [...base, ...args]);
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.on('close', (code) =>
        code === 0 ? resolve(out) : reject(new Error(`kubectl ${args.join(' ')} failed (${code}): ${err}`)),
      );
      child.stdin.end(input);
    });
  };
  return Object.assign(fn, { spawn: (args: string[]) => spawn(bin, [...base, ...args]) });
}
