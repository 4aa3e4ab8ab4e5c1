// Which label and annotation keys the operator owns: those it overwrites, and removes when the
// builder stops setting them. Every other key belongs to someone else and survives an ensure.

export type OwnedKeyPredicate = (key: string) => boolean;

/** Owns keys that start with one of `prefixes` (e.g. `hermes.agent/`, `app.kubernetes.io/`) or equal one of `exact`. */
export function ownedKeysByPrefix(
  prefixes: readonly string[],
  exact: readonly string[] = [],
): OwnedKeyPredicate {
  const exactSet = new Set(exact);
  return (key) => exactSet.has(key) || prefixes.some((p) => key.startsWith(p));
}

/** Owns nothing: keys the builder sets are written, nothing is ever removed. The safe default. */
export const ownsNoKeys: OwnedKeyPredicate = () => false;
