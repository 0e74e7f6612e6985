/**
 * The first row of each duplicate key of a file (a DOI, a name), for files of millions of rows:
 * a key is kept as a 64-bit hash in typed arrays (12 bytes, against some 80 for a string in a
 * Map), so memory grows by megabytes, not by the keys' text. Two different keys share a hash with
 * a chance of about n²/2⁶⁵ (one in ten million for a 2,000,000-row file); such a row would read
 * as a duplicate of the other.
 */
export class KeyTable {
  private high = new Uint32Array(1 << 12);
  private low = new Uint32Array(1 << 12);
  /** Row numbers (from 2, the first data row); 0 marks an empty slot. */
  private rows = new Int32Array(1 << 12);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** The row recorded for the key, if any. */
  get(key: string): number | undefined {
    const [high, low] = hash64(key);
    const slot = this.find(high, low);
    const row = this.rows[slot]!;
    return row === 0 ? undefined : row;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  /** Records the key's first row (a later set of the same key keeps the first). */
  set(key: string, row: number): void {
    if (row <= 0) throw new RangeError('row numbers start at 1');
    const [high, low] = hash64(key);
    const slot = this.find(high, low);
    if (this.rows[slot] !== 0) return;
    this.high[slot] = high;
    this.low[slot] = low;
    this.rows[slot] = row;
    this.count += 1;
    if (this.count * 2 > this.rows.length) this.grow();
  }

  private find(high: number, low: number): number {
    const mask = this.rows.length - 1;
    let slot = low & mask;
    while (this.rows[slot] !== 0 && (this.high[slot] !== high || this.low[slot] !== low)) slot = (slot + 1) & mask;
    return slot;
  }

  private grow(): void {
    const { high, low, rows } = this;
    this.high = new Uint32Array(rows.length * 2);
    this.low = new Uint32Array(rows.length * 2);
    this.rows = new Int32Array(rows.length * 2);
    for (let index = 0; index < rows.length; index += 1) {
      if (rows[index] === 0) continue;
      const slot = this.find(high[index]!, low[index]!);
      this.high[slot] = high[index]!;
      this.low[slot] = low[index]!;
      this.rows[slot] = rows[index]!;
    }
  }
}

/** Two independent 32-bit hashes of the text's UTF-16 code units (FNV-1a, and a multiply-xorshift), mixed. */
function hash64(text: string): [number, number] {
  let first = 0x811c9dc5;
  let second = 0x9747b28c ^ text.length;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 0x01000193);
    second = Math.imul(second ^ code, 0x5bd1e995);
    second ^= second >>> 15;
  }
  return [mix(first) >>> 0, mix(second ^ 0x27d4eb2f) >>> 0];
}

/** MurmurHash3's finaliser: every input bit reaches every output bit. */
function mix(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}
