import path from 'node:path';
import { describe, it } from 'vitest';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import plugin from '../../../eslint/reconcile-guard.js';

// RuleTester needs a test framework's hooks; hand it Vitest's.
RuleTester.describe = describe;
// The typed cases start a TypeScript project service: the first one can take several seconds.
RuleTester.it = (name: string, fn: () => void) => it(name, fn, 60_000);
RuleTester.itOnly = it.only;

// The rule resolves file names against ESLint's cwd, which RuleTester takes from the process.
const cwd = process.cwd();
const file = (rel: string) => path.join(cwd, rel);
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' },
});
const rule = plugin.rules['no-raw-update'];

const CONTROLLER = file('operators/hermes/src/controllers/instance.ts');
const RUNTIME = file('packages/runtime/src/controller/reconciler.ts');
const APPLY = file('packages/runtime/src/apply/ensure.ts');
const TEST = file('operators/hermes/test/integration/x.test.ts');
const rawUpdate = { messageId: 'rawUpdate' };
const noReason = { messageId: 'allowWithoutReason' };

tester.run('reconcile-guard/no-raw-update', rule, {
  valid: [
    // The apply module is where updates belong.
    { code: 'await client.update(obj);', filename: APPLY },
    // Justified exceptions, on the line above or on the same line (line or block comment).
    {
      code: '// reconcile-guard:allow status replace is intended here\nawait client.update(obj);',
      filename: CONTROLLER,
    },
    {
      code: 'await this.client.update(obj); // reconcile-guard:allow: migrating legacy objects once',
      filename: RUNTIME,
    },
    { code: '/* reconcile-guard:allow PVC annotations only */ kube.update(pvc);', filename: CONTROLLER },
    // A multi-line chain: the comment sits above the `.update(` line.
    {
      code: 'await this.client\n  // reconcile-guard:allow one-off repair\n  .update(obj);',
      filename: CONTROLLER,
    },
    // Hashes, HMACs and ciphers are not clients, even in strict folders.
    { code: "createHash('sha256').update(text).digest('hex');", filename: CONTROLLER },
    { code: 'hash.update(buffer);', filename: RUNTIME },
    // Outside strict folders only client-looking receivers with an object argument count.
    { code: 'map.update(obj);', filename: TEST },
    { code: "client.update('text');", filename: TEST },
    { code: 'client.patch(ref, "json", ops);', filename: CONTROLLER },
    { code: 'client.apply(obj, { fieldManager: "x" });', filename: CONTROLLER },
    // Other arities are other APIs (predicate helpers and the like).
    { code: 'passes.update(p, oldObj, newObj);', filename: RUNTIME },
  ],
  invalid: [
    { code: 'await client.update(obj);', filename: CONTROLLER, errors: [rawUpdate] },
    {
      code: 'await this.client.update(obj, { subresource: "status" });',
      filename: RUNTIME,
      errors: [rawUpdate],
    },
    { code: 'store.update(obj);', filename: CONTROLLER, errors: [rawUpdate] },
    { code: 'await ctx.kube?.update(obj);', filename: CONTROLLER, errors: [rawUpdate] },
    { code: 'await k8sClient["update"](obj);', filename: CONTROLLER, errors: [rawUpdate] },
    // Anywhere in the repo: a client-looking receiver with an object argument.
    {
      code: 'await kubeClient.update({ apiVersion: "v1", kind: "ConfigMap", metadata: {} });',
      filename: TEST,
      errors: [rawUpdate],
    },
    // An allow comment without a reason does not count and is reported itself.
    {
      code: '// reconcile-guard:allow\nawait client.update(obj);',
      filename: CONTROLLER,
      errors: [noReason, rawUpdate],
    },
    {
      code: 'await client.update(obj); // reconcile-guard:allow -  ',
      filename: CONTROLLER,
      errors: [rawUpdate, noReason],
    },
    // An allow comment two lines above does not cover the call.
    {
      code: '// reconcile-guard:allow reason\n\nawait client.update(obj);',
      filename: CONTROLLER,
      errors: [rawUpdate],
    },
    // Options: a custom strict zone.
    {
      code: 'x.update(obj);',
      filename: file('tools/a.ts'),
      options: [{ strictPaths: ['tools/**'] }],
      errors: [rawUpdate],
    },
  ],
});

// With type information the receiver's type decides, so predicate objects with an `update`
// member pass and a typed KubeClient is caught whatever it is called.
const typed = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { projectService: true, tsconfigRootDir: cwd },
  },
});
// The project service only serves files that exist; the linted text replaces this file's content.
const TYPED_FILE = file('packages/runtime/src/crd/index.ts');
const CLIENT_DECL =
  "import type { KubeClient, KubeObject } from '../client/types.ts';\n" +
  'declare const api: KubeClient;\ndeclare const obj: KubeObject;\n';

typed.run('reconcile-guard/no-raw-update (typed)', rule, {
  valid: [
    {
      code: 'const p = { update: (a: number, b: number) => a < b };\np.update(1, 2);',
      filename: TYPED_FILE,
    },
    {
      code: `${CLIENT_DECL}// reconcile-guard:allow exercising the client itself\nawait api.update(obj);`,
      filename: TYPED_FILE,
    },
  ],
  invalid: [{ code: `${CLIENT_DECL}await api.update(obj);`, filename: TYPED_FILE, errors: [rawUpdate] }],
});
