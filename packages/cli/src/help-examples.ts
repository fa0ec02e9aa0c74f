// The "Examples" section every command's --help ends with, in one format.

/** [command line, what it does] pairs rendered as an indented list. */
export function examplesHelp(examples: [command: string, explanation: string][]): string {
  const lines = examples.map(([command, explanation]) => `  $ ${command}\n      ${explanation}`);
  return `\nExamples:\n${lines.join("\n")}\n`;
}
