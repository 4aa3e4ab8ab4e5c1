// ESLint plugin "reconcile-guard": bans raw full-object `.update(` calls on a Kubernetes client
// outside the runtime's apply module (hermes spec 7.2 rule 1; openclaw lesson #437). A call may
// stay when the line, or the line above, says `// reconcile-guard:allow <reason>`; an allow
// comment without a reason is itself reported, so every exception is justified in the code.
// With type information the receiver's type decides (a type with update plus patch or apply is a
// client); without it, names and arity do (see the defaults below).
import path from 'node:path';

const ALLOW = 'reconcile-guard:allow';

/** Files where every `.update(` call counts, whatever the receiver is called. */
const DEFAULT_STRICT = ['operators/*/src/**', 'packages/runtime/src/**'];
/** Files where raw updates are the point: the apply module implements ensure/createOrUpdate. */
const DEFAULT_EXEMPT = ['packages/runtime/src/apply/**'];
/** Receivers that look like a Kubernetes client anywhere in the repository. */
const DEFAULT_RECEIVER = '(client|kube|k8s)';
/** Receivers that are obviously not a client: hashes, HMACs, ciphers, signers. */
const NOT_A_CLIENT =
  /^(create(Hash|Hmac|Cipheriv|Decipheriv|Sign|Verify)|hash|hasher|hmac|digest|cipher|decipher|sign|signer|verify|verifier)$/i;

/** Minimal glob: `**` any depth, `*` one path segment's characters. */
function globToRegExp(glob) {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      re += '.*';
      i++;
      if (glob[i + 1] === '/') i++;
    } else if (c === '*') re += '[^/]*';
    else re += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** The name a receiver expression is known by: `client`, `this.client`, `ctx.kube` -> last name. */
function receiverName(node) {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'ThisExpression') return 'this';
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') {
    return node.property.name;
  }
  if (node.type === 'MemberExpression' && node.property.type === 'PrivateIdentifier')
    return node.property.name;
  if (node.type === 'CallExpression') return receiverName(node.callee);
  if (node.type === 'ChainExpression' || node.type === 'TSNonNullExpression')
    return receiverName(node.expression);
  if (node.type === 'AwaitExpression') return receiverName(node.argument);
  return undefined;
}

/**
 * With type information (typescript-eslint's parser services), decides whether the receiver is a
 * client: a type with `update` and also `patch` or `apply`. Returns undefined when types are
 * unavailable or unknown (`any`), so the name heuristics decide.
 */
function typeSaysClient(sourceCode, receiverNode) {
  const services = sourceCode.parserServices;
  if (!services?.program || !services.esTreeNodeToTSNodeMap) return undefined;
  const checker = services.program.getTypeChecker();
  const tsNode = services.esTreeNodeToTSNodeMap.get(receiverNode);
  if (!tsNode) return undefined;
  const type = checker.getApparentType(checker.getTypeAtLocation(tsNode));
  // TypeScript's TypeFlags.Any = 1, Unknown = 2: no information, fall back to names.
  if (type.flags & 3) return undefined;
  return Boolean(type.getProperty('update') && (type.getProperty('patch') || type.getProperty('apply')));
}

function isUpdateCallee(callee) {
  if (callee.type !== 'MemberExpression') return false;
  if (!callee.computed) return callee.property.type === 'Identifier' && callee.property.name === 'update';
  return callee.property.type === 'Literal' && callee.property.value === 'update';
}

/** The reason text of an allow comment, or undefined when the comment is not an allow comment. */
function allowReason(comment) {
  const text = comment.value.trim();
  if (!text.startsWith(ALLOW)) return undefined;
  return text
    .slice(ALLOW.length)
    .replace(/^[\s:\-–—]+/, '')
    .trim();
}

/** @type {import('eslint').Rule.RuleModule} */
const noRawUpdate = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Disallow raw `.update(` calls on a Kubernetes client outside the apply module; use ensure, server-side apply, JSON patch or the status subresource.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          strictPaths: { type: 'array', items: { type: 'string' } },
          exemptPaths: { type: 'array', items: { type: 'string' } },
          receiverPattern: { type: 'string' },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      rawUpdate:
        'Raw `{{receiver}}.update(...)` replaces the whole object and erases fields other managers own. Use the apply module (ensure / server-side apply / JSON patch / status), or justify it with `// reconcile-guard:allow <reason>` on this line or the line above.',
      allowWithoutReason:
        '`reconcile-guard:allow` needs a reason after it, e.g. `// reconcile-guard:allow <why this update is safe>`.',
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const strict = (options.strictPaths ?? DEFAULT_STRICT).map(globToRegExp);
    const exempt = (options.exemptPaths ?? DEFAULT_EXEMPT).map(globToRegExp);
    const receiverRe = new RegExp(options.receiverPattern ?? DEFAULT_RECEIVER, 'i');
    const rel = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    if (exempt.some((re) => re.test(rel))) return {};
    const inStrictZone = strict.some((re) => re.test(rel));
    const sourceCode = context.sourceCode;

    /** Lines with a valid allow comment on them (trailing) or ending on them (the line above). */
    const allowedLines = new Set();
    for (const comment of sourceCode.getAllComments()) {
      const reason = allowReason(comment);
      if (reason === undefined) continue;
      if (reason === '') {
        context.report({ loc: comment.loc, messageId: 'allowWithoutReason' });
        continue;
      }
      allowedLines.add(comment.loc.start.line);
      allowedLines.add(comment.loc.end.line + 1);
    }

    return {
      CallExpression(node) {
        const callee = node.callee.type === 'ChainExpression' ? node.callee.expression : node.callee;
        if (!isUpdateCallee(callee)) return;
        const receiver = receiverName(callee.object);
        if (receiver !== undefined && NOT_A_CLIENT.test(receiver)) return;
        const looksLikeClient = receiver !== undefined && receiverRe.test(receiver);
        const firstArg = node.arguments[0];
        const hasObjectArg =
          firstArg !== undefined &&
          !(firstArg.type === 'Literal' && typeof firstArg.value !== 'object') &&
          firstArg.type !== 'TemplateLiteral';
        const typed = typeSaysClient(sourceCode, callee.object);
        if (typed === false) return;
        // A client's update takes (obj) or (obj, options); other arities are other APIs.
        const clientArity = node.arguments.length === 1 || node.arguments.length === 2;
        if (typed === undefined && !(inStrictZone ? clientArity : looksLikeClient && hasObjectArg)) return;
        const lines = [node.loc.start.line, callee.property.loc.start.line];
        if (lines.some((l) => allowedLines.has(l))) return;
        context.report({
          node: callee.property,
          messageId: 'rawUpdate',
          data: { receiver: receiver ?? '<expr>' },
        });
      },
    };
  },
};

const plugin = {
  meta: { name: 'reconcile-guard', version: '0.1.0' },
  rules: { 'no-raw-update': noRawUpdate },
  configs: {},
};

/** Ready-made flat config entry: `...reconcileGuard.configs.recommended`. */
plugin.configs.recommended = {
  name: 'reconcile-guard/recommended',
  plugins: { 'reconcile-guard': plugin },
  rules: { 'reconcile-guard/no-raw-update': 'error' },
};

export default plugin;
