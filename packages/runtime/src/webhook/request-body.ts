// Reads a request body with a size limit and a deadline, so a slow or huge sender cannot pin memory.
import type { IncomingMessage } from 'node:http';
import { HttpError } from './http-error.ts';

/** The API server's own limit on request bodies. */
export const DEFAULT_MAX_BODY_BYTES = 3 * 1024 * 1024;

export function readBody(req: IncomingMessage, maxBytes: number, timeoutMs: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    return Promise.reject(tooLarge(maxBytes));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (err?: HttpError): void => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onAborted);
      if (err) {
        // Stop buffering; the socket is closed after the error response is written.
        req.pause();
        reject(err);
      } else {
        resolve(Buffer.concat(chunks, size));
      }
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) finish(tooLarge(maxBytes));
      else chunks.push(chunk);
    };
    const onEnd = (): void => finish();
    const onError = (e: Error): void =>
      finish(new HttpError(400, `reading the request failed: ${e.message}`));
    const onAborted = (): void => finish(new HttpError(400, 'the client aborted the request'));
    const timer = setTimeout(
      () => finish(new HttpError(408, `the request body did not arrive within ${timeoutMs} ms`)),
      timeoutMs,
    );
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onAborted);
  });
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, `the request body exceeds ${maxBytes} bytes`);
}
