// Child names stay within Kubernetes limits and stay stable.
import { describe, expect, it } from 'vitest';
import { MAX_STATEFULSET_NAME, childName, childNames } from '../../../src/resources/names.ts';

describe('child names', () => {
  it('are <instance>-<suffix> when that fits', () => {
    expect(childName('my-hermes', 'config')).toBe('my-hermes-config');
    expect(childName('my-hermes', '')).toBe('my-hermes');
  });

  it('are shortened with a stable hash when too long, never ending in a dash before the hash', () => {
    const base = `${'a'.repeat(40)}-${'b'.repeat(11)}`;
    const name = childName(base, 'honcho-postgres', MAX_STATEFULSET_NAME);
    expect(name.length).toBeLessThanOrEqual(MAX_STATEFULSET_NAME);
    expect(name).toMatch(/^a+-[0-9a-f]{8}-honcho-postgres$/);
    expect(childName(base, 'honcho-postgres', MAX_STATEFULSET_NAME)).toBe(name);
    expect(childName(`${base}x`, 'honcho-postgres', MAX_STATEFULSET_NAME)).not.toBe(name);
  });

  it('use the given service account name', () => {
    expect(childNames('h', 'custom').serviceAccount).toBe('custom');
    expect(childNames('h').serviceAccount).toBe('h');
  });
});
