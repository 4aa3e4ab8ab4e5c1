// Keys waiting for a due time. One live entry per key; re-adding keeps the earliest due time.
// Superseded heap entries stay in the heap and are skipped when they surface (lazy deletion).

interface Entry<P> {
  key: string;
  due: number;
  payload: P;
}

export class DelayHeap<P> {
  #heap: Entry<P>[] = [];
  #live = new Map<string, Entry<P>>();

  get size(): number {
    return this.#live.size;
  }

  dueOf(key: string): number | undefined {
    return this.#live.get(key)?.due;
  }

  /**
   * Schedules `key` at `due` unless it already waits for an earlier (or equal) time.
   * `merge` combines payloads when the key is already waiting (e.g. keeps the higher priority).
   * Returns true when the earliest due time of the whole heap may have moved earlier.
   */
  push(key: string, due: number, payload: P, merge: (old: P, incoming: P) => P): boolean {
    const current = this.#live.get(key);
    if (current && current.due <= due) {
      current.payload = merge(current.payload, payload);
      return false;
    }
    const entry: Entry<P> = { key, due, payload: current ? merge(current.payload, payload) : payload };
    this.#live.set(key, entry);
    this.#siftUp(this.#heap.push(entry) - 1);
    return true;
  }

  /** Due time of the earliest live entry. */
  peekDue(): number | undefined {
    this.#dropStale();
    return this.#heap[0]?.due;
  }

  /** Removes and returns every entry due at or before `now`, earliest first. */
  popDue(now: number): Array<{ key: string; payload: P }> {
    const out: Array<{ key: string; payload: P }> = [];
    for (;;) {
      this.#dropStale();
      const top = this.#heap[0];
      if (!top || top.due > now) return out;
      this.#popTop();
      this.#live.delete(top.key);
      out.push({ key: top.key, payload: top.payload });
    }
  }

  clear(): void {
    this.#heap = [];
    this.#live.clear();
  }

  #dropStale(): void {
    for (;;) {
      const top = this.#heap[0];
      if (!top || this.#live.get(top.key) === top) return;
      this.#popTop();
    }
  }

  #popTop(): void {
    const last = this.#heap.pop();
    if (last && this.#heap.length > 0) {
      this.#heap[0] = last;
      this.#siftDown(0);
    }
  }

  #siftUp(i: number): void {
    const h = this.#heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (h[parent]!.due <= h[i]!.due) return;
      [h[parent], h[i]] = [h[i]!, h[parent]!];
      i = parent;
    }
  }

  #siftDown(i: number): void {
    const h = this.#heap;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && h[l]!.due < h[m]!.due) m = l;
      if (r < h.length && h[r]!.due < h[m]!.due) m = r;
      if (m === i) return;
      [h[m], h[i]] = [h[i]!, h[m]!];
      i = m;
    }
  }
}
