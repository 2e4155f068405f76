/**
 * A bounded map that keeps what is read again: the caches of the hot reads
 * (menus, the diner's entity reads, compressed answers) share it.
 *
 * A hit only sets a flag. Moving the entry to the end of the Map on every hit
 * (the usual Map LRU) cost a delete and an insert per request in each of three
 * caches, about a tenth of a cached menu read's CPU with the garbage it leaves.
 * Eviction is the clock's second chance instead: from the oldest entry on, one
 * read since it was last passed over goes to the end with its flag cleared,
 * one not read is dropped. Recently read entries survive, as with an LRU.
 */
export class RecentMap<K, V> {
  private readonly entries = new Map<K, { value: V; read: boolean; weight: number }>();
  private weightHeld = 0;

  /**
   * @param maxEntries the most entries kept
   * @param maxWeight the most total weight kept (`weigh` of each value); a
   *   value heavier than this alone is not kept at all
   */
  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight = Number.POSITIVE_INFINITY,
    private readonly weigh: (value: V) => number = () => 0,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get weight(): number {
    return this.weightHeld;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    entry.read = true;
    return entry.value;
  }

  /** The value without counting it as read (the eviction order is not touched). */
  peek(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  set(key: K, value: V): void {
    const weight = this.weigh(value);
    this.delete(key);
    if (weight > this.maxWeight) return;
    // Counted as read: a new entry outlives one pass, as the newest of an LRU would.
    this.entries.set(key, { value, read: true, weight });
    this.weightHeld += weight;
    this.evict();
  }

  delete(key: K): boolean {
    const entry = this.entries.get(key);
    if (entry === undefined) return false;
    this.entries.delete(key);
    this.weightHeld -= entry.weight;
    return true;
  }

  clear(): void {
    this.entries.clear();
    this.weightHeld = 0;
  }

  keys(): IterableIterator<K> {
    return this.entries.keys();
  }

  private evict(): void {
    // Each pass over an entry either drops it or clears its flag, so this ends within two rounds.
    while (this.entries.size > this.maxEntries || this.weightHeld > this.maxWeight) {
      const oldest = this.entries.keys().next();
      if (oldest.done) return;
      const entry = this.entries.get(oldest.value);
      this.entries.delete(oldest.value);
      if (entry?.read) {
        entry.read = false;
        this.entries.set(oldest.value, entry);
      } else if (entry) {
        this.weightHeld -= entry.weight;
      }
    }
  }
}
