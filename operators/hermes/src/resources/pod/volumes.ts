// Volumes of the agent pod. The data volume is a claim (<name>-data, an existing claim, or one
// per replica from the StatefulSet's volumeClaimTemplates) or an emptyDir when storage is off.
import type { BuildInput } from '../input.ts';
import type { Container, Json, Volume } from '../k8s-types.ts';
import { DEFAULT_MODE, normalizeVolume } from './defaults.ts';
import {
  VOLUME_CA,
  VOLUME_CA_SOURCE,
  VOLUME_CONFIG,
  VOLUME_DATA,
  VOLUME_OLLAMA,
  VOLUME_RUN,
  VOLUME_TMP,
  VOLUME_WORKSPACE,
  VOLUME_WORKSPACE_REF,
} from './layout.ts';
import { workspaceSeeded } from './init-containers.ts';

function dataVolume(input: BuildInput): Volume | undefined {
  const s = input.spec.storage ?? {};
  if (!(s.enabled ?? true)) return { name: VOLUME_DATA, emptyDir: {} };
  if (s.existingClaim) return { name: VOLUME_DATA, persistentVolumeClaim: { claimName: s.existingClaim } };
  if (input.perReplicaClaims) return undefined;
  return { name: VOLUME_DATA, persistentVolumeClaim: { claimName: input.names.dataClaim } };
}

function configVolume(input: BuildInput): Volume {
  const sources: Json[] = [{ configMap: { name: input.names.configMap } }];
  const ref = input.spec.config?.configMapRef;
  if (ref) {
    sources.push({
      configMap: { name: ref.name, items: [{ key: ref.key ?? 'config.yaml', path: 'config.yaml' }] },
    });
  }
  return { name: VOLUME_CONFIG, projected: { defaultMode: DEFAULT_MODE, sources } };
}

function ollamaVolume(input: BuildInput): Volume | undefined {
  const o = input.spec.ollama;
  if (!o?.enabled) return undefined;
  if (!o.storage) return { name: VOLUME_OLLAMA, emptyDir: {} };
  if (input.perReplicaClaims) return undefined;
  return { name: VOLUME_OLLAMA, persistentVolumeClaim: { claimName: input.names.ollamaClaim } };
}

/** Every volume of the pod; `containers` are scanned for the private /tmp emptyDirs they mount. */
export function podVolumes(input: BuildInput, containers: Container[]): Volume[] {
  const { spec, names } = input;
  const out: Volume[] = [];
  const data = dataVolume(input);
  if (data) out.push(data);
  out.push({ name: VOLUME_RUN, emptyDir: { medium: 'Memory' } }, { name: VOLUME_TMP, emptyDir: {} });
  out.push(configVolume(input));
  if (workspaceSeeded(input)) {
    out.push({
      name: VOLUME_WORKSPACE,
      configMap: { name: names.workspaceConfigMap, defaultMode: DEFAULT_MODE },
    });
    const refs = spec.workspace?.configMapRefs ?? [];
    for (let i = 0; i < refs.length; i++) {
      out.push({
        name: `${VOLUME_WORKSPACE_REF}-${i}`,
        configMap: { name: refs[i]!.name, defaultMode: DEFAULT_MODE },
      });
    }
  }
  const ca = spec.security?.caBundle;
  if (ca) {
    out.push({
      name: VOLUME_CA_SOURCE,
      configMap: {
        name: ca.name,
        items: [{ key: ca.key ?? 'ca-bundle.crt', path: 'ca-bundle.crt' }],
        defaultMode: DEFAULT_MODE,
      },
    });
    out.push({ name: VOLUME_CA, emptyDir: {} });
  }
  const ollama = ollamaVolume(input);
  if (ollama) out.push(ollama);
  // A handful of names: an array scan is cheaper than a Set.
  const tmp: string[] = [];
  for (const c of containers) {
    const mounts = c.volumeMounts;
    if (!mounts) continue;
    for (const m of mounts) {
      const name = m.name;
      if (name.startsWith('hermes-tmp-') && !tmp.includes(name)) {
        tmp.push(name);
        out.push({ name, emptyDir: {} });
      }
    }
  }
  for (const v of (spec.extraVolumes ?? []) as Json[]) out.push(normalizeVolume(v));
  return out;
}
