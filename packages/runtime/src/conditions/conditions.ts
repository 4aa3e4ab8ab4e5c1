// metav1.Condition helpers (apimachinery's meta.SetStatusCondition and friends), pure: they
// return new arrays and never mutate their input, so a status can be computed, then compared.

export type ConditionStatus = 'True' | 'False' | 'Unknown';

/** metav1.Condition as it appears in a status. */
export interface Condition {
  type: string;
  status: ConditionStatus;
  /** The .metadata.generation the condition was computed from. */
  observedGeneration?: number;
  /** When `status` last changed (RFC 3339, seconds precision, as metav1.Time serialises). */
  lastTransitionTime: string;
  /** CamelCase machine-readable cause. */
  reason: string;
  message: string;
}

export type ConditionInput = Omit<Condition, 'lastTransitionTime' | 'message'> & { message?: string };

/** metav1.Time: RFC 3339 in UTC, whole seconds. */
export function formatTime(date: Date): string {
  return date.toISOString().replace(/\.\d+Z$/, 'Z');
}

/**
 * Sets the condition of `input.type`: adds it, or updates it in place in the list's order.
 * `lastTransitionTime` moves to `now` only when the status changes (or the condition is new);
 * reason, message and observedGeneration are updated regardless.
 */
export function setCondition(
  conditions: readonly Condition[] | undefined,
  input: ConditionInput,
  now: Date = new Date(),
): Condition[] {
  const list = conditions ?? [];
  const existing = list.find((c) => c.type === input.type);
  const next: Condition = {
    type: input.type,
    status: input.status,
    ...(input.observedGeneration !== undefined ? { observedGeneration: input.observedGeneration } : {}),
    lastTransitionTime:
      existing && existing.status === input.status && existing.lastTransitionTime
        ? existing.lastTransitionTime
        : formatTime(now),
    reason: input.reason,
    message: input.message ?? '',
  };
  if (!existing) return [...list, next];
  return list.map((c) => (c === existing ? next : c));
}

/** Sets several conditions with one `now`. */
export function setConditions(
  conditions: readonly Condition[] | undefined,
  inputs: readonly ConditionInput[],
  now: Date = new Date(),
): Condition[] {
  let out: Condition[] = [...(conditions ?? [])];
  for (const input of inputs) out = setCondition(out, input, now);
  return out;
}

export function removeCondition(conditions: readonly Condition[] | undefined, type: string): Condition[] {
  return (conditions ?? []).filter((c) => c.type !== type);
}

export function findCondition(
  conditions: readonly Condition[] | undefined,
  type: string,
): Condition | undefined {
  return conditions?.find((c) => c.type === type);
}

/**
 * Whether the condition is True. With `generation`, only a condition computed from that
 * generation counts: a True left over from an older spec is not evidence about the current one.
 */
export function isTrue(
  conditions: readonly Condition[] | undefined,
  type: string,
  generation?: number,
): boolean {
  return hasStatus(conditions, type, 'True', generation);
}

/** Whether the condition is False (same generation rule as isTrue). */
export function isFalse(
  conditions: readonly Condition[] | undefined,
  type: string,
  generation?: number,
): boolean {
  return hasStatus(conditions, type, 'False', generation);
}

/** Unknown, absent, or (with `generation`) computed from another generation. */
export function isUnknown(
  conditions: readonly Condition[] | undefined,
  type: string,
  generation?: number,
): boolean {
  return !isTrue(conditions, type, generation) && !isFalse(conditions, type, generation);
}

function hasStatus(
  conditions: readonly Condition[] | undefined,
  type: string,
  status: ConditionStatus,
  generation: number | undefined,
): boolean {
  const c = findCondition(conditions, type);
  if (!c || c.status !== status) return false;
  return generation === undefined || c.observedGeneration === generation;
}

/** Whether every condition in the list was computed from `generation`. */
export function allObserved(conditions: readonly Condition[] | undefined, generation: number): boolean {
  return (conditions ?? []).every((c) => c.observedGeneration === generation);
}
