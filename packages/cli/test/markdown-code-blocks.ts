// The TypeScript code blocks of a Markdown text, for readme-typescript.test.ts: fenced blocks whose
// info string starts with `ts` ("```ts", or "```ts fragment" for one that is not meant to compile
// on its own).

export interface CodeBlock {
  /** The README, relative to the repository. */
  readme: string;
  /** The line of the opening fence, 1-based. */
  line: number;
  info: string;
  code: string;
}

/** The fenced code blocks of a Markdown text whose info string starts with `ts`. */
export function typescriptBlocks(readme: string, markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const info = /^```(ts\b.*)$/.exec(lines[i] ?? "")?.[1];
    if (info === undefined) continue;
    const start = i;
    const code: string[] = [];
    for (i++; i < lines.length && lines[i] !== "```"; i++) code.push(lines[i] ?? "");
    blocks.push({ readme, line: start + 1, info: info.trim(), code: code.join("\n") });
  }
  return blocks;
}
