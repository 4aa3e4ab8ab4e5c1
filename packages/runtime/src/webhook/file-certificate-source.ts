// Serves the certificate mounted from a Secret (cert-manager writes tls.crt and tls.key) and
// follows its renewals: kubelet swaps the files through a `..data` symlink, so the directory is
// watched rather than the files, with a periodic re-read in case an event is missed.
import { watch } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createSecureContext } from 'node:tls';
import type { CertificateSource, ServingCertificate } from './certificate-source.ts';
import type { WebhookLogger } from './logger.ts';
import { defaultLogger } from './logger.ts';

export interface FileCertificateOptions {
  dir: string;
  /** Default `tls.crt`. */
  certFile?: string;
  /** Default `tls.key`. */
  keyFile?: string;
  /** Re-read interval as a safety net under fs.watch. Default 10 s. */
  pollIntervalMs?: number;
  /** Quiet period after a change event before reading, so both files are in place. Default 100 ms. */
  debounceMs?: number;
  logger?: WebhookLogger;
}

export function fileCertificateSource(opts: FileCertificateOptions): CertificateSource {
  const certPath = join(opts.dir, opts.certFile ?? 'tls.crt');
  const keyPath = join(opts.dir, opts.keyFile ?? 'tls.key');
  const logger = opts.logger ?? defaultLogger();
  let current: ServingCertificate | undefined;
  let watcher: FSWatcher | undefined;
  let poller: NodeJS.Timeout | undefined;
  let debounce: NodeJS.Timeout | undefined;
  let reloading: Promise<void> = Promise.resolve();
  let stopped = false;

  const read = async (): Promise<ServingCertificate> => {
    const [cert, key] = await Promise.all([readFile(certPath, 'utf8'), readFile(keyPath, 'utf8')]);
    // Throws when the files do not parse or the key does not belong to the certificate
    // (e.g. caught between the two writes of a non-atomic update); the next event retries.
    createSecureContext({ cert, key });
    return { cert, key };
  };

  return {
    async start(onChange) {
      current = await read();
      const reload = (): void => {
        reloading = reloading.then(async () => {
          try {
            const next = await read();
            if (stopped) return;
            if (next.cert === current?.cert && next.key === current.key) return;
            current = next;
            logger.info({ certPath }, 'serving certificate reloaded');
            onChange(next);
          } catch (err) {
            logger.warn(
              { err, certPath, keyPath },
              'serving certificate not reloaded; keeping the current one',
            );
          }
        });
      };
      const schedule = (): void => {
        clearTimeout(debounce);
        debounce = setTimeout(reload, opts.debounceMs ?? 100);
      };
      watcher = watch(opts.dir, schedule);
      watcher.on('error', (err) =>
        logger.warn({ err, dir: opts.dir }, 'watching certificate directory failed'),
      );
      poller = setInterval(reload, opts.pollIntervalMs ?? 10_000);
      poller.unref();
      return current;
    },
    async stop() {
      stopped = true;
      watcher?.close();
      clearInterval(poller);
      clearTimeout(debounce);
      await reloading;
    },
  };
}
