// One child process of the control plane: spawned with its output in a log file, awaited until a
// readiness check passes, stopped with SIGTERM then SIGKILL. Only processes started here are signalled.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

// If the test process exits without stop(), take our children with it.
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

export interface ComponentOptions {
  name: string;
  binary: string;
  args: string[];
  logFile: string;
  verbose?: boolean;
}

export class Component {
  readonly name: string;
  readonly logFile: string;
  private readonly opts: ComponentOptions;
  private child: ChildProcess | undefined;
  private exitCode: number | null | undefined;

  constructor(opts: ComponentOptions) {
    this.opts = opts;
    this.name = opts.name;
    this.logFile = opts.logFile;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): void {
    installExitHook();
    const log = createWriteStream(this.opts.logFile, { flags: 'a' });
    const child = spawn(this.opts.binary, this.opts.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.exitCode = undefined;
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    if (this.opts.verbose) {
      child.stderr.on('data', (d: Buffer) => process.stderr.write(`[${this.name}] ${d.toString()}`));
    }
    child.on('exit', (code, signal) => {
      this.exitCode = code ?? (signal ? -1 : null);
      running.delete(child);
    });
    child.on('error', (err) => {
      log.write(`spawn error: ${err.message}\n`);
      this.exitCode = -1;
      running.delete(child);
    });
    running.add(child);
    this.child = child;
  }

  logTail(lines = 30): string {
    try {
      return readFileSync(this.logFile, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  }

  /** Polls `check` until it returns true; fails with the log tail on timeout or early exit. */
  async waitReady(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.exitCode !== undefined) {
        throw new Error(
          `${this.name} exited (code ${this.exitCode}) before it was ready. Last log lines of ${this.logFile}:\n${this.logTail()}`,
        );
      }
      try {
        if (await check()) return;
      } catch {
        // not up yet
      }
      await sleep(100);
    }
    throw new Error(
      `${this.name} was not ready within ${timeoutMs} ms. Last log lines of ${this.logFile}:\n${this.logTail()}`,
    );
  }

  async stop(graceMs = 5_000): Promise<void> {
    const child = this.child;
    if (!child || this.exitCode !== undefined) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timedOut = await Promise.race([exited.then(() => false), sleep(graceMs).then(() => true)]);
    if (timedOut) {
      child.kill('SIGKILL');
      await exited;
    }
  }
}
