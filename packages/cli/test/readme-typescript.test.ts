// The TypeScript in the READMEs compiles: every ```ts block of README.md and packages/*/README.md
// is written to a scratch project as a module of its own and type-checked with the workspace's
// TypeScript, strictly, against the built packages (`npm run build` first, as `npm test` does).
// Seen before: the README's tour did not compile under --strict (`e` possibly null after
// URN.validate). A block that is a fragment on purpose is marked ```ts fragment and skipped.

import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { type CodeBlock, typescriptBlocks } from "./markdown-code-blocks.js";

const repo = fileURLToPath(new URL("../../../", import.meta.url));

const readmes = [
  "README.md",
  ...readdirSync(join(repo, "packages")).map((dir) => `packages/${dir}/README.md`),
].filter((path) => {
  try {
    readFileSync(join(repo, path));
    return true;
  } catch {
    return false;
  }
});
const blocks = readmes.flatMap((path) =>
  typescriptBlocks(path, readFileSync(join(repo, path), "utf8")),
);
const fileOf = (b: CodeBlock) => `${b.readme.replaceAll("/", "_")}.line-${b.line}.ts`;

describe("the TypeScript blocks of the READMEs", () => {
  const dir = mkdtempSync(join(tmpdir(), "urnkit-readme-ts-"));
  let diagnostics = "";
  before(async () => {
    symlinkSync(join(repo, "node_modules"), join(dir, "node_modules"), "dir");
    writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
    const compilerOptions = {
      target: "ES2022",
      lib: ["ES2022"],
      module: "NodeNext",
      moduleResolution: "NodeNext",
      strict: true,
      noUncheckedIndexedAccess: true,
      noEmit: true,
      skipLibCheck: true,
      types: ["node"],
    };
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({ compilerOptions, include: ["*.ts"] }),
    );
    for (const b of blocks) {
      if (b.info !== "ts fragment") writeFileSync(join(dir, fileOf(b)), `${b.code}\nexport {};\n`);
    }
    const tsc = join(repo, "node_modules", "typescript", "bin", "tsc");
    diagnostics = await new Promise<string>((done) => {
      execFile(process.execPath, [tsc, "-p", dir, "--pretty", "false"], (_error, stdout) =>
        done(stdout),
      );
    });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("there are blocks to check, in the README and in the packages' READMEs", () => {
    assert.ok(blocks.some((b) => b.readme === "README.md"));
    assert.ok(blocks.some((b) => b.readme.startsWith("packages/")));
  });

  for (const b of blocks) {
    const skip = b.info === "ts fragment" ? "marked ```ts fragment" : false;
    it(`${b.readme}, the block at line ${b.line}, compiles under --strict`, { skip }, () => {
      const mine = diagnostics
        .split("\n")
        .filter((line) => line.startsWith(fileOf(b)) || line.includes(`/${fileOf(b)}`));
      assert.deepEqual(mine, [], `tsc on ${b.readme}:${b.line}:\n${mine.join("\n")}`);
    });
  }

  it("tsc reports nothing outside the blocks", () => {
    const blockFiles = blocks.map(fileOf);
    const other = diagnostics
      .split("\n")
      .filter((line) => line.trim() !== "" && !blockFiles.some((f) => line.includes(f)));
    assert.deepEqual(other, []);
  });
});

describe("which blocks are checked", () => {
  it("```ts blocks with their README line; ```ts fragment is marked; others are not TypeScript", () => {
    const markdown = [
      "# A", // 1
      "```ts", // 2
      "const a = 1;",
      "```",
      "```sh", // 5
      "npm test",
      "```",
      "```ts fragment", // 8
      "a.b;",
      "```",
    ].join("\n");
    assert.deepEqual(typescriptBlocks("A.md", markdown), [
      { readme: "A.md", line: 2, info: "ts", code: "const a = 1;" },
      { readme: "A.md", line: 8, info: "ts fragment", code: "a.b;" },
    ]);
  });
});
