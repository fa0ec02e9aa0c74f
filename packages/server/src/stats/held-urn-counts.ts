// The per-URN resolution counts a resolution counter holds between appends to the URN log
// (resolution-counts.ts): one entry per URN, with its counts by people and by crawlers, kept
// sorted by record in typed arrays. A batch of buffered resolutions is sorted (a radix sort, by
// record) and merged in. Both are sequential passes over typed arrays; before, maps of a few
// hundred thousand entries were updated at random, which missed the processor's caches on every
// update, held the event loop for 30-90 ms at each flush, and left their entries for the garbage
// collector to trace.

/** One URN's counts held: its record, the counts by people and by crawlers, and its dimensions. */
export interface HeldUrn {
  record: number;
  count: number;
  bots: number;
  /** What the counter says the URN was counted under (namespace, prefix, organisation). */
  dims: number;
}

/** A radix pass sorts by 16 bits of a key. */
const DIGITS = 1 << 16;
const TWO_32 = 2 ** 32;

/** One stable pass: `order` reordered by the 16 bits of `words` at `shift`, into `next`. */
function radixPass(
  words: Uint32Array,
  shift: number,
  order: Uint32Array,
  next: Uint32Array,
  counts: Uint32Array,
): void {
  const n = order.length;
  counts.fill(0);
  // Indexed loops: iterating a typed array with for…of is three times slower here.
  for (let i = 0; i < n; i++) {
    const d = ((words[order[i] as number] as number) >>> shift) & (DIGITS - 1);
    counts[d] = (counts[d] as number) + 1;
  }
  let at = 0;
  for (let d = 0; d < DIGITS; d++) {
    const c = counts[d] as number;
    counts[d] = at;
    at += c;
  }
  for (let i = 0; i < n; i++) {
    const p = order[i] as number;
    const d = ((words[p] as number) >>> shift) & (DIGITS - 1);
    next[counts[d] as number] = p;
    counts[d] = (counts[d] as number) + 1;
  }
}

/** The sort's working arrays, kept between sorts (fresh pages cost more to fault in than the sort). */
class SortSpace {
  readonly keys: Float64Array;
  readonly low: Uint32Array;
  readonly high: Uint32Array;
  readonly order: Uint32Array;
  readonly next: Uint32Array;
  readonly counts = new Uint32Array(DIGITS);

  constructor(readonly capacity: number) {
    this.keys = new Float64Array(capacity);
    this.low = new Uint32Array(capacity);
    this.high = new Uint32Array(capacity);
    this.order = new Uint32Array(capacity);
    this.next = new Uint32Array(capacity);
  }
}

/**
 * The positions 0…n-1 of `space.keys` in ascending order of their keys, equal keys in their
 * original order: a least-significant-digit radix sort, 16 bits a pass, over the low 32 bits and
 * then, only where some key needs them, the high ones. Keys are non-negative safe integers.
 */
function sortedOrder(space: SortSpace, n: number): Uint32Array {
  const { keys, low, high } = space;
  let highest = 0;
  for (let i = 0; i < n; i++) {
    const key = keys[i] as number;
    // ToUint32 is the key modulo 2^32, exact for every safe integer.
    const l = key >>> 0;
    const h = (key - l) / TWO_32;
    low[i] = l;
    high[i] = h;
    if (h > highest) highest = h;
  }
  let order = space.order.subarray(0, n);
  for (let i = 0; i < n; i++) order[i] = i;
  let next = space.next.subarray(0, n);
  const passes: [Uint32Array, number][] = [
    [low, 0],
    [low, 16],
  ];
  if (highest > 0) passes.push([high, 0]);
  if (highest >= DIGITS) passes.push([high, 16]);
  for (const [words, shift] of passes) {
    radixPass(words, shift, order, next, space.counts);
    [order, next] = [next, order];
  }
  return order;
}

/** Held URNs in parallel arrays: record, counts by people and by crawlers, dimensions. */
class Columns {
  readonly records: Float64Array;
  readonly counts: Uint32Array;
  readonly bots: Uint32Array;
  readonly dims: Int32Array;

  constructor(readonly capacity: number) {
    this.records = new Float64Array(capacity);
    this.counts = new Uint32Array(capacity);
    this.bots = new Uint32Array(capacity);
    this.dims = new Int32Array(capacity);
  }
}

/** Room for `size` entries: `columns` when they have it, otherwise larger ones. */
function withRoom(columns: Columns, size: number): Columns {
  return columns.capacity >= size
    ? columns
    : new Columns(Math.max(size, Math.ceil(columns.capacity * 1.5)));
}

export class HeldUrnCounts {
  // Two sets of columns, merged from one into the other and swapped: reused rather than
  // allocated at every flush, whose fresh pages cost more to fault in than the merge itself.
  #held = new Columns(0);
  #spare = new Columns(0);
  #length = 0;
  #sortSpace = new SortSpace(0);

  /** How many URNs are held. */
  get records(): number {
    return this.#length;
  }

  /**
   * Adds `n` resolutions: `ids[i]` is the record's id, negative when a crawler asked, and
   * `dims[i]` what it was counted under. A URN keeps the dimensions it was first counted under.
   */
  add(ids: Float64Array, dims: Int32Array, n: number): void {
    if (n === 0) return;
    if (this.#sortSpace.capacity < n) this.#sortSpace = new SortSpace(n);
    const batch = this.#sortSpace.keys;
    for (let i = 0; i < n; i++) batch[i] = Math.abs(ids[i] as number);
    // Stable: a record's first resolution in the batch comes first.
    const order = sortedOrder(this.#sortSpace, n);
    const from = this.#held;
    const heldLength = this.#length;
    const to = withRoom(this.#spare, heldLength + n);
    const { records, counts, bots } = to;
    // Merges the held records with the batch in its sorted order, the held entry first on a tie:
    // a record's first entry gives its dimensions, the others add their counts to it.
    let out = -1;
    let h = 0;
    let b = 0;
    while (h < heldLength || b < n) {
      const p = b < n ? (order[b] as number) : -1;
      if (p < 0 || (h < heldLength && (from.records[h] as number) <= (batch[p] as number))) {
        // Held records are distinct, and come before the batch's on a tie: always a new entry.
        out += 1;
        records[out] = from.records[h] as number;
        counts[out] = from.counts[h] as number;
        bots[out] = from.bots[h] as number;
        to.dims[out] = from.dims[h] as number;
        h += 1;
      } else {
        const record = batch[p] as number;
        if (out < 0 || records[out] !== record) {
          out += 1;
          records[out] = record;
          counts[out] = 0;
          bots[out] = 0;
          to.dims[out] = dims[p] as number;
        }
        if ((ids[p] as number) < 0) bots[out] = (bots[out] as number) + 1;
        else counts[out] = (counts[out] as number) + 1;
        b += 1;
      }
    }
    this.#held = to;
    this.#spare = from;
    this.#length = out + 1;
  }

  /**
   * Every URN held, in record order, to be read a slice at a time; none is held after. The
   * entries become objects only as they are read: a quarter of a million objects made at once
   * would outlive young-generation collections and be copied into the old generation.
   */
  take(): HeldUrnSlices {
    const taken = new HeldUrnSlices(this.#held, this.#length);
    this.#held = new Columns(0);
    this.#length = 0;
    return taken;
  }
}

/** URNs taken from HeldUrnCounts, in record order. */
export class HeldUrnSlices {
  readonly #columns: Columns;
  readonly length: number;

  constructor(columns: Columns, length: number) {
    this.#columns = columns;
    this.length = length;
  }

  /** The URNs from `start` up to `end`. */
  slice(start: number, end: number): HeldUrn[] {
    const { records, counts, bots, dims } = this.#columns;
    const urns: HeldUrn[] = [];
    for (let i = start; i < Math.min(end, this.length); i++)
      urns.push({
        record: records[i] as number,
        count: counts[i] as number,
        bots: bots[i] as number,
        dims: dims[i] as number,
      });
    return urns;
  }
}
