// The common path of checkUrn as data. Most URNs a namespace's users write conform to its rules
// and are their own namespace key; a namespace with a shape (and no check character) describes
// those NSSs as a small deterministic automaton, and one shared loop reads every namespace's
// automaton. The rule's own code (validate, equivalenceKey) then only runs for the rest, where
// its diagnostics are needed. Why: each rule's scanner is fast alone, but a mix of namespaces
// runs through all of their code, and one small loop over tables costs less than that. Check
// characters (ISBN, ISSN, ISAN, LEI) stay with their rules: the arithmetic, done per character
// in a loop like this one, cost more than those rules' one-pass readers.

/**
 * A set of NSS characters in regular-expression bracket notation without the brackets: ranges
 * ("0-9A-F") and single characters ("-" first or last); "^" first complements within ANY.
 */
export type CharSet = string;

/** Every character an NSS can hold as itself (visible ASCII). */
export const ANY: CharSet = "!-~";

/**
 * Whether, and how, an NSS may end in a state: "yes", or when the automaton's `finish` agrees
 * (a last check no table can do, such as a look-up in a registry).
 */
export type Accept = "yes" | "finish";

export interface StateSpec {
  /** Whether (and how) the NSS may end in this state; by default it may not. */
  accept?: Accept;
  /** Whether the state accepts whatever follows: the reading stops there. */
  rest?: boolean;
}

const YES = 1;
const FINISH = 2;

/** The most character classes an automaton may have: 0 and 31 others. */
const MAX_CLASSES = 32;

// Every automaton's tables, in blocks of these module constants: V8 folds a constant typed
// array's base and length into the loop, where a read through an object's field costs a map
// check and three loads per access. TABLE holds, per automaton, its character classes (128
// entries) and then its transitions: a row per state as wide as its classes need (a power of
// two, so that row | class indexes it); each transition is the next state's row, an index into
// TABLE. ACCEPTS says, at a state's row, whether the NSS may end there. Each rule builds its
// automaton once, when namespace-rules.ts makes the rules; the built-in ones use about 9,100
// entries. (A transition is a Uint16: CAPACITY may not pass 65,536.)
const CAPACITY = 1 << 14;
const TABLE = new Uint16Array(CAPACITY);
const ACCEPTS = new Uint8Array(CAPACITY);
/** TABLE's first free entry. */
let used = 0;

/** One namespace's automaton, built by AutomatonBuilder: where its tables are. */
export interface Automaton {
  /** Where its 128 character classes start in TABLE. */
  readonly classesAt: number;
  /** The start state's row. */
  readonly start: number;
  /**
   * The states that end the reading, the dead state and those that accept whatever follows, are
   * numbered last: their rows start here.
   */
  readonly endRow: number;
  /** For "finish" states: the last word, given the assigned name and where its NSS starts. */
  readonly finish: (name: string, nssStart: number) => boolean;
}

/**
 * Whether `automaton` accepts s[from, s.length), an NSS (ASCII). One loop for every namespace: per
 * character a class load and a transition, whose row is the next load's index. The dead state and
 * a state that accepts whatever follows end the loop, told by one comparison.
 */
export function runAutomaton(automaton: Automaton, s: string, from: number): boolean {
  const { classesAt, endRow } = automaton;
  let row = automaton.start;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    row = TABLE[row | (c < 128 ? (TABLE[classesAt + c] as number) : 0)] as number;
    if (row >= endRow) break;
  }
  const accept = ACCEPTS[row];
  return accept === YES || (accept === FINISH && automaton.finish(s, from));
}

/** The char codes in `set`. */
function charsOf(set: CharSet): boolean[] {
  const complement = set.length > 1 && set.startsWith("^");
  const body = complement ? set.slice(1) : set;
  const member = new Array<boolean>(128).fill(false);
  for (let i = 0; i < body.length; i++) {
    const low = body.charCodeAt(i);
    const high = body[i + 1] === "-" && i + 2 < body.length ? body.charCodeAt(i + 2) : low;
    if (high < low) throw new Error(`a range runs backwards in "${set}"`);
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
  readonly #finish: Automaton["finish"];

  constructor(options: { finish?: Automaton["finish"] } = {}) {
    this.#finish = options.finish ?? (() => false);
  }

  readonly start = 1;

  state(spec: StateSpec = {}): number {
    this.#states.push({ ...spec });
    return this.#states.length - 1;
  }

  /** A state that accepts (as `how` says) whatever follows it: reading stops there. */
  rest(how: Accept = "yes"): number {
    return this.state({ accept: how, rest: true });
  }

  /** Lets the NSS end in `state`. */
  accept(state: number): this {
    const spec = this.#states[state];
    if (spec === undefined || state < 2) throw new Error(`no state ${state} to accept in`);
    spec.accept = "yes";
    return this;
  }

  edge(from: number, chars: CharSet, to: number): this {
    this.#edges.push({ from, to, chars: charsOf(chars) });
    return this;
  }

  /** An edge from `from` on every character no edge from it reads yet, but those in `except`. */
  otherwise(from: number, to: number, except: CharSet = ""): this {
    const taken = this.#edges.filter((e) => e.from === from);
    const excepted = charsOf(except);
    const chars = charsOf(ANY).map((m, c) => m && !excepted[c] && !taken.some((e) => e.chars[c]));
    this.#edges.push({ from, to, chars });
    return this;
  }

  /**
   * A state per set, each entered from the one before by a character of its set, starting from
   * `from`. Returns the last.
   */
  chain(from: number, sets: readonly CharSet[]): number {
    let at = from;
    for (const set of sets) {
      const to = this.state();
      this.edge(at, set, to);
      at = to;
    }
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
    // The states that end the reading last, the dead state (0) first of them (see runAutomaton):
    // `order` lists the states in their new numbering. The start (1) comes first.
    const states = this.#states;
    const ends = (i: number) => i === 0 || states[i]?.rest === true;
    const order = states
      .map((_, i) => i)
      .sort((a, b) => Number(ends(a)) - Number(ends(b)) || a - b);
    const numberOf = new Array<number>(states.length);
    order.forEach((old, i) => {
      numberOf[old] = i;
    });
    const shift = Math.max(1, Math.ceil(Math.log2(classOf.size)));
    const classesAt = used;
    // Rows start at a multiple of their width, so that row | class is row + class.
    const rowsAt = Math.ceil((classesAt + 128) / MAX_CLASSES) * MAX_CLASSES;
    const end = rowsAt + (states.length << shift);
    if (end > CAPACITY) throw new Error("the automata need more room: raise CAPACITY");
    used = end;
    TABLE.set(classes, classesAt);
    const rowOf = (state: number) => rowsAt + ((numberOf[state] as number) << shift);
    // Every transition starts out dead; the edges fill in the rest.
    const dead = rowOf(0);
    TABLE.fill(dead, rowsAt, end);
    for (const { from, to, chars } of this.#edges) {
      for (let c = 0; c < 128; c++) {
        if (!chars[c]) continue;
        const at = rowOf(from) | (classes[c] as number);
        if (TABLE[at] !== dead && TABLE[at] !== rowOf(to)) {
          throw new Error(`two edges from state ${from} read ${c}`);
        }
        TABLE[at] = rowOf(to);
      }
    }
    states.forEach((spec, state) => {
      ACCEPTS[rowOf(state)] = spec.accept === "yes" ? YES : spec.accept === "finish" ? FINISH : 0;
    });
    return {
      classesAt,
      start: rowOf(1),
      endRow: dead,
      finish: this.#finish,
    };
  }
}

/** `set` repeated `n` times, for chains. */
export function times(set: CharSet, n: number): CharSet[] {
  return new Array<CharSet>(n).fill(set);
}
