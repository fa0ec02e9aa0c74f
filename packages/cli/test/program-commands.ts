// The commands of the `urnkit` program as its own help lists them (top-level and nested, e.g.
// "token list"), for tests that check something holds for every command, so that a new command
// is covered without being added to a list by hand.

import { run } from "./run-cli.js";

/** The command names under "Commands:" in a help text, without commander's own "help". */
function commandsIn(help: string): string[] {
  const section = help.split(/^Commands:\n/m)[1] ?? "";
  const names: string[] = [];
  for (const line of section.split("\n")) {
    if (line.trim() === "") break;
    const name = /^ {2}([a-z][a-z-]*)/.exec(line)?.[1];
    if (name !== undefined && name !== "help") names.push(name);
  }
  return names;
}

/** The top-level commands, in help order. */
export async function topLevelCommands(): Promise<string[]> {
  return commandsIn((await run(["--help"])).stdout);
}

/** Every command that runs something (a leaf), as its words, with its help text. */
export async function leafCommands(): Promise<{ words: string[]; help: string }[]> {
  const leaves: { words: string[]; help: string }[] = [];
  const visit = async (words: string[]) => {
    const help = (await run([...words, "--help"])).stdout;
    const nested = commandsIn(help);
    if (nested.length === 0) leaves.push({ words, help });
    for (const name of nested) await visit([...words, name]);
  };
  for (const name of await topLevelCommands()) await visit([name]);
  return leaves;
}
