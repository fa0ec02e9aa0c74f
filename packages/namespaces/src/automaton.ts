// The common path of checkUrn as data. Most URNs a namespace's users write conform to its rules
// and are their own namespace key; a namespace describes those NSSs as a small deterministic
// automaton, with at most one running check sum, and one shared loop reads every namespace's
// automaton. The rule's own code (validate, equivalenceKey) then only runs for the rest, where
// its diagnostics are needed. Why: each rule's own scanner is fast alone, but a mix of namespaces
// runs through all of their code, and one small loop over tables costs much less than that.

import { alnumValue, mod37_36Step, mod97_10Step } from "./check-digits/iso7064.js";

/**
 * What a state does with the character that led into it, besides moving on; "rest" ends the
 * reading: whatever follows, the state's accept decides.
 */
export type Op = "rest" | "weigh" | "mod37-36" | "mod37-36-check" | "mod97-10";

/**
 * When ending in a state accepts: always, or only when the check sum says so: the weighted sum
 * is a multiple of 11 or 10, the MOD 97-10 remainder is 1, or the automaton's `finish` agrees.
 */
export type Accept = "yes" | "sum-mod-11" | "sum-mod-10" | "remainder-1" | "finish";

export interface StateSpec {
  op?: Op;
  /** The weight of the digit that enters the state ("X" counts 10), for "weigh". */
  weight?: number;
  /** Whether (and how) the NSS may end in this state; by default it may not. */
  accept?: Accept;
}

/**
 * A set of NSS characters in regular-expression bracket notation without the brackets: ranges
 * ("0-9A-F") and single characters ("-" first or last); "^" first complements within ANY.
 */
export type CharSet = string;

/** Every character an NSS can hold as itself (visible ASCII). */
export const ANY: CharSet = "!-~";

// Ops and accept kinds as small integers in the tables. State 0 is the dead state.
const NONE = 0;
const REST = 1;
const WEIGH = 2;
const MOD37 = 3;
const MOD37_CHECK = 4;
const MOD97 = 5;
const OPS: Record<Op, number> = {
  rest: REST,
  weigh: WEIGH,
  "mod37-36": MOD37,
  "mod37-36-check": MOD37_CHECK,
  "mod97-10": MOD97,
};
const ACCEPTS: Record<Accept, number> = {
  yes: 1,
  "sum-mod-11": 2,
  "sum-mod-10": 3,
  "remainder-1": 4,
  finish: 5,
};

/** The most character classes an automaton may have: 0 and 31 others. */
const MAX_CLASSES = 32;

/** Digit values for "weigh": "X" is the 10 of ISBN-10 and ISSN check characters. */
const DIGIT_VALUES = new Uint8Array(128);
for (let d = 0; d < 10; d++) DIGIT_VALUES[0x30 + d] = d;
DIGIT_VALUES[0x58] = 10;

// Every automaton's tables, in blocks of these module constants: V8 folds a constant typed
// array's base and length into the loop, where one read from an object's field costs a map check
// and three loads per access. TABLE holds, per automaton, its character classes (128 entries)
// and then its transitions: a row per state as wide as its classes need (a power of two, so that
// row | class indexes it); each transition is the next state's row, an index into TABLE.
// OPS, WEIGHTS and ACCEPTS say, at a state's row, what the state does.
const CAPACITY = 1 << 15;
const TABLE = new Uint16Array(CAPACITY);
const OPS_AT = new Uint8Array(CAPACITY);
const WEIGHTS_AT = new Uint8Array(CAPACITY);
const ACCEPTS_AT = new Uint8Array(CAPACITY);
/** TABLE's first free entry; rows start at a multiple of 32. */
let used = 0;

/** One namespace's automaton, built by AutomatonBuilder: where its tables are. */
export interface Automaton {
  /** Where its 128 character classes start in TABLE. */
  readonly classesAt: number;
  /** The start state's row. */
  readonly start: number;
  /** States from this row on have an op; the others are numbered first. */
  readonly opRow: number;
  /** The check sum's value before the first character. */
  readonly initial: number;
  /** For "finish" states: the last word, given the assigned name and where its NSS starts. */
  readonly finish: (name: string, nssStart: number) => boolean;
}

/**
 * Whether `automaton` accepts s[from, s.length), an NSS (ASCII). One loop for every namespace:
 * per character a class load and a transition, whose row is the next load's index. States with
 * an op are numbered last, so one comparison tells them; the inner loop covers the run of states
 * without one and leaves for each op (V8 compiles a loop with the op inside, even one it never
 * runs, to a much slower one). A dead state stays dead to the end.
 */
export function runAutomaton(automaton: Automaton, s: string, from: number): boolean {
  const { classesAt, opRow } = automaton;
  const n = s.length;
  let row = automaton.start;
  let sum = automaton.initial;
  let i = from;
  while (i < n) {
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      row = TABLE[row | (c < 128 ? (TABLE[classesAt + c] as number) : 0)] as number;
      if (row >= opRow) break;
    }
    if (i === n) break;
    const c = s.charCodeAt(i++);
    const op = OPS_AT[row];
    if (op === REST) break;
    if (op === WEIGH) {
      sum += (WEIGHTS_AT[row] as number) * (DIGIT_VALUES[c] as number);
    } else if (op === MOD37) {
      sum = mod37_36Step(sum, c);
    } else if (op === MOD37_CHECK) {
      // A check character completes the run when the run and it make 1 (mod 36).
      if ((sum + alnumValue(c)) % 36 !== 1) return false;
    } else {
      sum = mod97_10Step(sum, alnumValue(c));
    }
  }
  switch (ACCEPTS_AT[row]) {
    case 1:
      return true;
    case 2:
      return sum % 11 === 0;
    case 3:
      return sum % 10 === 0;
    case 4:
      return sum === 1;
    case 5:
      return automaton.finish(s, from);
    default:
      return false;
  }
}

/** The char codes in `set`. */
function charsOf(set: CharSet): boolean[] {
  const complement = set.length > 1 && set.startsWith("^");
  const body = complement ? set.slice(1) : set;
  const member = new Array<boolean>(128).fill(false);
  for (let i = 0; i < body.length; i++) {
    const low = body.charCodeAt(i);
    const high = body[i + 1] === "-" && i + 2 < body.length ? body.charCodeAt(i + 2) : low;
    for (let c = low; c <= high; c++) member[c] = true;
    if (high !== low) i += 2;
  }
  if (!complement) return member;
  return member.map((m, c) => c >= 0x21 && c <= 0x7e && !m);
}

interface Edge {
  from: number;
  to: number;
  chars: boolean[];
}

/**
 * Builds one namespace's automaton: states, then edges between them on sets of characters. The
 * character classes are worked out from the sets (two characters share a class when every edge
 * reads both or neither); an automaton needs at most 31 of them.
 */
export class AutomatonBuilder {
  /** State 0 is dead; state 1 is the start. */
  readonly #states: StateSpec[] = [{}, {}];
  readonly #edges: Edge[] = [];
  readonly #initial: number;
  readonly #finish: Automaton["finish"];

  constructor(options: { initial?: number; finish?: Automaton["finish"] } = {}) {
    this.#initial = options.initial ?? 0;
    this.#finish = options.finish ?? (() => false);
  }

  readonly start = 1;

  state(spec: StateSpec = {}): number {
    this.#states.push({ ...spec });
    return this.#states.length - 1;
  }

  /** Lets the NSS end in `state`, as `how` says. */
  accept(state: number, how: Accept = "yes"): this {
    const spec = this.#states[state];
    if (spec === undefined || state < 2) throw new Error(`no state ${state} to accept in`);
    spec.accept = how;
    return this;
  }

  /** A state that accepts (as `how` says) whatever follows it: reading stops there. */
  rest(how: Accept = "yes"): number {
    return this.state({ op: "rest", accept: how });
  }

  edge(from: number, chars: CharSet, to: number): this {
    this.#edges.push({ from, to, chars: charsOf(chars) });
    return this;
  }

  /**
   * A state per set, each entered from the one before by a character of its set, starting from
   * `from`; `spec(k)` says what the k-th does. Returns the last.
   */
  chain(
    from: number,
    sets: readonly CharSet[],
    spec: (k: number) => StateSpec = () => ({}),
  ): number {
    let at = from;
    sets.forEach((set, k) => {
      const to = this.state(spec(k));
      this.edge(at, set, to);
      at = to;
    });
    return at;
  }

  /**
   * The state after `word` read from `from`, character by character, as in a trie: an edge that
   * reads exactly the next character is followed, otherwise a new state is made.
   */
  word(from: number, word: string): number {
    let at = from;
    for (const char of word) {
      const set = charsOf(char);
      const edge = this.#edges.find((e) => e.from === at && e.chars.every((m, c) => m === set[c]));
      if (edge !== undefined) {
        at = edge.to;
      } else {
        const to = this.state();
        this.#edges.push({ from: at, to, chars: set });
        at = to;
      }
    }
    return at;
  }

  /** Lays the automaton out in the shared tables. */
  build(): Automaton {
    const classOf = new Map<string, number>([["", 0]]);
    const classes = new Uint8Array(128);
    for (let c = 0; c < 128; c++) {
      const signature = this.#edges.flatMap((e, k) => (e.chars[c] ? [k] : [])).join(",");
      let k = classOf.get(signature);
      if (k === undefined) {
        k = classOf.size;
        if (k >= MAX_CLASSES) throw new Error("an automaton needs more than 31 character classes");
        classOf.set(signature, k);
      }
      classes[c] = k;
    }
    // Op states last (see runAutomaton): `order` lists the states in their new numbering. The
    // dead state (0) and the start (1) have no op and stay first.
    const states = this.#states;
    const hasOp = (i: number) => states[i]?.op !== undefined;
    const order = states
      .map((_, i) => i)
      .sort((a, b) => Number(hasOp(a)) - Number(hasOp(b)) || a - b);
    const numberOf = new Array<number>(states.length);
    order.forEach((old, i) => {
      numberOf[old] = i;
    });
    const shift = Math.max(1, Math.ceil(Math.log2(classOf.size)));
    const classesAt = used;
    const rowsAt = Math.ceil((classesAt + 128) / MAX_CLASSES) * MAX_CLASSES;
    const end = rowsAt + (states.length << shift);
    if (end > CAPACITY) throw new Error("the automata need more room: raise CAPACITY");
    used = end;
    TABLE.set(classes, classesAt);
    const rowOf = (state: number) => rowsAt + ((numberOf[state] as number) << shift);
    // Every transition starts out dead; the edges fill in the rest.
    TABLE.fill(rowsAt, rowsAt, end);
    for (const { from, to, chars } of this.#edges) {
      for (let c = 0; c < 128; c++) {
        if (!chars[c]) continue;
        const at = rowOf(from) | (classes[c] as number);
        if (TABLE[at] !== rowsAt && TABLE[at] !== rowOf(to)) {
          throw new Error(`two edges from state ${from} read ${c}`);
        }
        TABLE[at] = rowOf(to);
      }
    }
    states.forEach((spec, state) => {
      const row = rowOf(state);
      OPS_AT[row] = spec.op === undefined ? NONE : OPS[spec.op];
      WEIGHTS_AT[row] = spec.weight ?? 0;
      ACCEPTS_AT[row] = spec.accept === undefined ? 0 : ACCEPTS[spec.accept];
    });
    const firstOp = order.findIndex(hasOp);
    return {
      classesAt,
      start: rowOf(1),
      opRow: firstOp < 0 ? end : rowsAt + (firstOp << shift),
      initial: this.#initial,
      finish: this.#finish,
    };
  }
}

/** `set` repeated `n` times, for chains. */
export function times(set: CharSet, n: number): CharSet[] {
  return new Array<CharSet>(n).fill(set);
}
