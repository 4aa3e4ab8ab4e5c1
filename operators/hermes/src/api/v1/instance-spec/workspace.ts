// spec.workspace: files and directories seeded into $HERMES_HOME.
import { Type } from 'typebox';
import { cel, withK8s } from '@agent-operators/runtime/crd';
import { LocalObjectReference, mapList, obj, oneOf, stringSet } from '../common.ts';

const relativePath = (description: string) =>
  Type.String({ description, minLength: 1, maxLength: 512, pattern: '^[^/].*$' });

const PATH_SAFE = "!self.path.startsWith('/') && !self.path.split('/').exists(s, s == '..')";

export const WorkspaceFile = withK8s(
  obj('One file to seed.', {
    path: relativePath('Path relative to $HERMES_HOME, e.g. SOUL.md or memories/USER.md. No .. segments.'),
    content: Type.String({ description: 'File content (UTF-8).', maxLength: 262144 }),
    mode: Type.Optional(
      Type.Integer({
        description: 'File mode bits, e.g. 420 (0644). Defaults to 0644.',
        minimum: 0,
        maximum: 511,
      }),
    ),
  }),
  { validations: [cel(PATH_SAFE, 'path must be relative and must not contain .. segments')] },
);

export const WorkspaceSpec = obj(
  'Initial files and directories seeded into $HERMES_HOME (for example SOUL.md, the persona) by an init container.',
  {
    files: Type.Optional(mapList(WorkspaceFile, ['path'], 'Files to seed, keyed by path.', 128)),
    directories: Type.Optional(
      withK8s(
        stringSet('Directories to create, relative to $HERMES_HOME, e.g. workspace/projects.', 64, {
          pattern: '^[^/].*$',
        }),
        {
          validations: [
            cel(
              "self.all(d, !d.split('/').exists(s, s == '..'))",
              'directories must not contain .. segments',
            ),
          ],
        },
      ),
    ),
    configMapRefs: Type.Optional(
      mapList(
        LocalObjectReference,
        ['name'],
        'ConfigMaps whose keys are seeded as files at the $HERMES_HOME root (key = file name).',
        16,
      ),
    ),
    policy: Type.Optional(
      oneOf(['IfMissing', 'Always'], {
        description:
          'IfMissing writes a file only when it does not exist, so the agent may evolve it; Always rewrites it at every start.',
        default: 'IfMissing',
      }),
    ),
  },
);
