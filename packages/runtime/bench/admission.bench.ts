// Admission latency on loopback: AdmissionReview POSTs over HTTPS to the webhook server, the way
// the API server sends them (keep-alive connections, several in flight), for a validating and a
// mutating handler (mutateObject: clone + diff + base64 patch), and with a new TLS handshake per
// request for comparison. Latency is measured per request, client side, from write to full answer.
// One command: `node packages/runtime/bench/admission.bench.ts`
// (options: --requests <n> per scenario, default 2000; --concurrency <n>, default 8)
import { Agent, request } from 'node:https';
import { parseArgs } from 'node:util';
import { silentLogger } from '../src/logging/index.ts';
import { createCertificateAuthority, issueServingCertificate } from '../src/tls/index.ts';
import type { AdmissionReview } from '../src/webhook/index.ts';
import { allow, deny, mutateObject, staticCertificate, WebhookServer } from '../src/webhook/index.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '8' },
  },
});
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);

// A realistic object: a ConfigMap-sized payload with labels, annotations and a few KiB of data.
const object = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: {
    name: 'bench',
    namespace: 'default',
    uid: '6a1c6f5e-0000-4000-8000-000000000000',
    labels: { 'app.kubernetes.io/name': 'bench', 'app.kubernetes.io/managed-by': 'bench' },
    annotations: { note: 'x'.repeat(256) },
  },
  data: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`key-${i}`, 'v'.repeat(100)])),
};

const body = (uid: string): string =>
  JSON.stringify({
    apiVersion: 'admission.k8s.io/v1',
    kind: 'AdmissionReview',
    request: {
      uid,
      kind: { group: '', version: 'v1', kind: 'ConfigMap' },
      resource: { group: '', version: 'v1', resource: 'configmaps' },
      name: 'bench',
      namespace: 'default',
      operation: 'CREATE',
      userInfo: { username: 'admin', groups: ['system:masters'] },
      object,
      oldObject: null,
      dryRun: false,
    },
  } satisfies AdmissionReview);

const ca = await createCertificateAuthority({ commonName: 'bench-ca' });
const leaf = await issueServingCertificate(ca, { dnsNames: ['localhost'], ipAddresses: ['127.0.0.1'] });
const server = new WebhookServer({
  certificates: staticCertificate({ cert: leaf.certPem, key: leaf.keyPem }),
  port: 0,
  host: '127.0.0.1',
  logger: silentLogger(),
})
  .addValidating('/validate', (req) => (req.name === 'forbidden' ? deny('no') : allow()))
  .addMutating(
    '/mutate',
    mutateObject((obj) => {
      obj.metadata.labels = { ...obj.metadata.labels, injected: 'true' };
    }),
  );
await server.start();

function post(path: string, payload: string, agent: Agent | false): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: 'POST',
        ca: ca.certPem,
        agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => {
          const review = JSON.parse(Buffer.concat(parts).toString()) as AdmissionReview;
          if (res.statusCode !== 200 || !review.response?.allowed)
            reject(new Error(`unexpected answer ${res.statusCode}`));
          else resolve(Number(process.hrtime.bigint() - started) / 1e6);
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function run(path: string, keepAlive: boolean): Promise<number[]> {
  const agent = keepAlive ? new Agent({ keepAlive: true, maxSockets: CONCURRENCY, ca: ca.certPem }) : false;
  const latencies: number[] = [];
  const payloads = Array.from({ length: REQUESTS }, (_, i) => body(`uid-${i}`));
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < payloads.length) {
      const payload = payloads[next++];
      if (payload !== undefined) latencies.push(await post(path, payload, agent));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (agent) agent.destroy();
  return latencies;
}

function summary(name: string, latencies: number[], seconds: number): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const q = (p: number): string =>
    (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0).toFixed(2);
  return `| ${name} | ${sorted.length} | ${q(0.5)} | ${q(0.9)} | ${q(0.99)} | ${(sorted.at(-1) ?? 0).toFixed(2)} | ${Math.round(sorted.length / seconds)} |`;
}

console.log(
  `admission latency on loopback, ${REQUESTS} requests per scenario, ${CONCURRENCY} in flight, node ${process.version}`,
);
console.log('| scenario | requests | p50 ms | p90 ms | p99 ms | max ms | req/s |');
console.log('|---|---|---|---|---|---|---|');
for (const [name, path, keepAlive] of [
  ['validating, keep-alive', '/validate', true],
  ['mutating (diff + patch), keep-alive', '/mutate', true],
  ['validating, new TLS connection each', '/validate', false],
] as const) {
  await run(path, keepAlive); // warm-up: JIT, TLS session setup
  const t0 = performance.now();
  const latencies = await run(path, keepAlive);
  console.log(summary(name, latencies, (performance.now() - t0) / 1000));
}
await server.stop();
