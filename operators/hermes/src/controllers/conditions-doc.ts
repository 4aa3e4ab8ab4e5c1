// docs/conditions.md, rendered from the condition catalogue (conditions.ts).
import { CATALOGUES } from './conditions.ts';
import type { ConditionEntry } from './conditions.ts';

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function section(kind: string, conditions: Record<string, ConditionEntry>): string {
  const lines = [`## ${kind}`, '', '| Condition | Status | Reason | Meaning |', '|---|---|---|---|'];
  for (const [type, entry] of Object.entries(conditions)) {
    lines.push(`| **${type}** | | | ${cell(entry.description)} |`);
    for (const [reason, r] of Object.entries(entry.reasons)) {
      lines.push(`| | ${r.status} | \`${reason}\` | ${cell(r.description)} |`);
    }
  }
  return lines.join('\n');
}

export function renderConditionsDoc(header: string): string {
  return [
    `<!-- ${header} -->`,
    '# Status conditions',
    '',
    'Every condition the hermes-operator controllers write, with each reason they use. Conditions follow',
    '`metav1.Condition`: `lastTransitionTime` moves only when the status changes, and `observedGeneration`',
    'names the spec generation a condition was computed from. Types and reasons listed here are stable',
    'across v1.x; new ones are additive.',
    '',
    'HermesInstance also reports `status.phase`: **Pending** (waiting for a referenced ConfigMap or an',
    'existing claim), **Provisioning** (children applied, agent pod not Ready yet), **Running** (every',
    'desired agent pod Ready and no subsystem False), **Degraded** (the pod lost readiness or a subsystem',
    'is False), **Suspended** (`spec.suspended`: scaled to zero), **Failed** (the spec cannot be built or',
    'the API server rejects a child as invalid). The flags `storageReady`, `configReady`, `secretsReady`,',
    '`gatewayReady` and `profileStoreReady` mirror the conditions of the same names.',
    '',
    'HermesSelfConfig reports `status.phase` Pending, Applied, Denied (policy; `status.denyReason` and a',
    'Warning Event say why) or Failed. Finished requests are deleted after a TTL (default 24 h, flag',
    '`--selfconfig-ttl`).',
    '',
    ...CATALOGUES.map((c) => section(c.kind, c.conditions) + '\n'),
  ].join('\n');
}
