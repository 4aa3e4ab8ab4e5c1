// SIGTERM stops the manager gracefully: the in-flight reconcile finishes, then the process exits 0.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const child = fileURLToPath(new URL('./fixtures/signal-child.ts', import.meta.url));

describe('manager signal handling', () => {
  it('drains on SIGTERM and exits 0', async () => {
    const p = spawn(process.execPath, [child], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const exited = new Promise<number | null>((resolve) => p.on('exit', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      p.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('ready\n')) resolve();
      });
      p.on('exit', () => reject(new Error(`child exited early: ${err}`)));
    });
    p.kill('SIGTERM');
    expect(await exited).toBe(0);
    const msgs = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => (JSON.parse(l) as { msg: string }).msg);
    const order = [
      'Received signal; shutting down',
      'reconcile finished',
      'Stopped controller',
      'Manager stopped',
    ];
    expect(msgs.filter((m) => order.includes(m))).toEqual(order);
  });
});
