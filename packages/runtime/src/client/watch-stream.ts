// One watch request read as newline-delimited JSON events. Ends when the server closes the stream
// (also abruptly, e.g. an API server restart: the caller reconnects) or the signal aborts; throws
// typed errors for non-2xx answers. ERROR events are yielded as they come: the cache decides.
import type { IncomingMessage } from 'node:http';
import type { HttpClient, HttpRequest } from './http-client.ts';
import type { KubeObject, WatchEvent } from './types.ts';

function isConnectionDrop(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'EPIPE';
}

function parseEvent<T extends KubeObject>(line: string): WatchEvent<T> {
  const evt = JSON.parse(line) as WatchEvent<T>;
  if (typeof evt?.type !== 'string' || typeof evt.object !== 'object' || evt.object === null) {
    throw new Error(`unexpected watch event: ${line.slice(0, 200)}`);
  }
  return evt;
}

export async function* watchStream<T extends KubeObject>(
  http: HttpClient,
  req: HttpRequest,
  onOpen?: () => void,
): AsyncGenerator<WatchEvent<T>, void, undefined> {
  const signal = req.signal;
  if (signal?.aborted) return;
  let res: IncomingMessage;
  try {
    res = await http.openStream(req);
  } catch (err) {
    if (signal?.aborted) return;
    throw err;
  }
  onOpen?.();
  res.setEncoding('utf8');
  let buf = '';
  try {
    for await (const chunk of res as AsyncIterable<string>) {
      buf += chunk;
      let nl = buf.indexOf('\n');
      while (nl >= 0) {
        const line = buf.slice(0, nl).trim();
        buf = buf.slice(nl + 1);
        if (line !== '') yield parseEvent<T>(line);
        nl = buf.indexOf('\n');
      }
    }
    const rest = buf.trim();
    if (rest !== '') yield parseEvent<T>(rest);
  } catch (err) {
    if (signal?.aborted || isConnectionDrop(err)) return;
    throw err;
  } finally {
    // Also runs when the consumer stops early (break/return): frees the socket.
    res.destroy();
  }
}
