// Formats benchmark results as Markdown: a table per suite and the machine they were taken on.

import { availableParallelism, cpus, platform, release } from "node:os";
import type { SuiteResult } from "./measure.js";

/** The CPU model, as /proc/cpuinfo (Linux) or the OS reports it. */
function cpuModel(): string {
  return cpus()[0]?.model.trim() || "unknown CPU";
}

export function machine(): string {
  const date = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  return [
    `- Machine: ${cpuModel()}, ${availableParallelism()} cores, ${platform()} ${release()}`,
    `- Node ${process.version} (V8 ${process.versions.v8})`,
    `- Date: ${date}`,
  ].join("\n");
}

function fixed(x: number, digits: number): string {
  return x.toLocaleString("en-US", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/** Three significant digits without exponent noise: 0.0812, 0.812, 8.12, 81.2, 812. */
function ratio(x: number): string {
  return `${x < 10 ? x.toPrecision(3) : fixed(x, x < 100 ? 1 : 0)}×`;
}

export function table(result: SuiteResult): string {
  const { suite, cases, count, bytes } = result;
  const baselines = suite.baselines.map((name) => {
    const found = cases.find((c) => c.name === name);
    if (found === undefined) throw new Error(`baseline "${name}" was not measured`);
    return found;
  });
  const header = [
    "Case",
    `ns/${suite.unit}`,
    "MB/s",
    "wall ns",
    "±",
    ...baselines.map((b) => `vs ${b.name}`),
    "accepted",
  ];
  const rows = cases.map((c) => [
    c.name,
    fixed(c.ns, c.ns < 100 ? 1 : 0),
    fixed(bytes / count / c.ns / 1e-3, 0),
    fixed(c.wallNs, c.wallNs < 100 ? 1 : 0),
    `${fixed(c.spread * 100, 1)}%`,
    ...baselines.map((b) => ratio(c.ns / b.ns)),
    c.accepted === null ? "" : `${fixed(c.accepted * 100, 1)}%`,
  ]);
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [
    `### ${suite.name}: ${suite.title}`,
    "",
    `Corpus: ${result.corpusName}: ${count.toLocaleString("en-US")} inputs, ` +
      `${fixed(bytes / 1e6, 2)} MB, ${fixed(bytes / count, 1)} bytes each on average.`,
    "",
    line(header),
    line(header.map((_, i) => (i === 0 ? "---" : "---:"))),
    ...rows.map(line),
  ].join("\n");
}
