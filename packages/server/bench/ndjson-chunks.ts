// The NDJSON a bench imports, made as it is read: the line of each number from `first` to `last`,
// handed over a thousand lines at a time, so that no bench holds its whole input in memory.

const CHUNK_LINES = 1000;

export async function* ndjsonChunks(
  first: number,
  last: number,
  line: (n: number) => string,
): AsyncGenerator<string> {
  const chunk: string[] = [];
  for (let n = first; n <= last; n++) {
    chunk.push(`${line(n)}\n`);
    if (chunk.length === CHUNK_LINES) {
      yield chunk.join("");
      chunk.length = 0;
    }
  }
  if (chunk.length > 0) yield chunk.join("");
}
