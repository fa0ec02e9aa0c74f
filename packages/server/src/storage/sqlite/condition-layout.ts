// How a trigger's WHEN condition is laid out in lines. SQLite keeps a trigger's text as written, so
// a generated guard is laid out the way the databases hold it: terms joined by OR or AND, as many
// on a line as fit; a subclause (an EXISTS with its WHERE) stays whole where it fits on a line,
// and is split at its own joins where it does not. Continued lines are indented two spaces.

/** A term, or terms joined: each after the first with its word ("OR", "AND", "WHERE"). */
export type Clause = string | readonly JoinedTerm[];

export type JoinedTerm = readonly [word: string, clause: Clause];

/** Terms joined by `word`. */
export function joined(word: string, terms: readonly Clause[]): JoinedTerm[] {
  return terms.map((term, index) => [index === 0 ? "" : word, term]);
}

function withWord(word: string, text: string): string {
  return word === "" ? text : `${word} ${text}`;
}

function flat(clause: Clause): string {
  if (typeof clause === "string") return clause;
  return clause.map(([word, term]) => withWord(word, flat(term))).join(" ");
}

/** The pieces a line may break between: a subclause whole where it fits on a line. */
function pieces(terms: readonly JoinedTerm[], longest: number): string[] {
  return terms.flatMap(([word, term]) => {
    const whole = withWord(word, flat(term));
    if (typeof term === "string" || `  ${whole}`.length <= longest) return [whole];
    const [first = "", ...rest] = pieces(term, longest);
    return [withWord(word, first), ...rest];
  });
}

/** `condition` after "WHEN ", in lines of at most `longest` characters. */
export function whenLines(condition: readonly JoinedTerm[], longest: number): string {
  const [first = "", ...rest] = pieces(condition, longest);
  const lines = [`WHEN ${first}`];
  for (const piece of rest) {
    const line = `${lines[lines.length - 1]} ${piece}`;
    if (line.length > longest) lines.push(`  ${piece}`);
    else lines[lines.length - 1] = line;
  }
  return lines.join("\n");
}
