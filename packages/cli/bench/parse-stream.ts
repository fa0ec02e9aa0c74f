// Benchmark, not a test: streams 1,000,000 generated lines through `urnkit parse` in-process and
// prints throughput and peak RSS, to show that memory stays flat however long the input is.
// Run: node --import tsx packages/cli/bench/parse-stream.ts [lines]

import { Readable, Writable } from "node:stream";
import { main } from "../src/main.js";

const LINES = Number(process.argv[2] ?? 1_000_000);

/** Line i of the corpus: RFC 8141 URNs with r/q/f and %HH, one in ten invalid (a bare "?"). */
function line(i: number): string {
  switch (i % 10) {
    case 0:
      return `urn:example:item-${i}?bad`;
    case 1:
      return `URN:ISBN:978-0-${i}-12345-7?+res=${i}?=op=map#part`;
    case 2:
      return `urn:nbn:de:bvb:${i}-%c3%a9t%C3%A9/2024`;
    default:
      return `urn:example:a${i}z~&/foo:bar`;
  }
}

/** The corpus as a stream of 64 KiB-ish chunks, generated on demand so it costs no memory. */
function corpus(): Readable {
  let i = 0;
  return new Readable({
    read() {
      let chunk = "";
      while (i < LINES && chunk.length < 65536) chunk += `${line(i++)}\n`;
      this.push(i >= LINES && chunk === "" ? null : chunk);
    },
  });
}

/** Discards what it is given, counting bytes, and is a little slow so backpressure is exercised. */
function sink(): Writable & { bytes: number } {
  const w = new Writable({
    highWaterMark: 16384,
    write(chunk: Buffer, _encoding, done) {
      w.bytes += chunk.length;
      setImmediate(done);
    },
  }) as Writable & { bytes: number };
  w.bytes = 0;
  return w;
}

let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);

for (const args of [["parse", "--json"], ["parse"], ["normalize"]]) {
  const stdout = sink();
  const stderr = sink();
  const rssBefore = process.memoryUsage().rss;
  peak = rssBefore;
  const start = process.hrtime.bigint();
  const code = await main(args, { stdin: corpus(), stdout, stderr, env: {} });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  peak = Math.max(peak, process.memoryUsage().rss);
  const mib = (n: number) => (n / 2 ** 20).toFixed(1);
  console.log(
    `urnkit ${args.join(" ").padEnd(12)} ${LINES} lines in ${seconds.toFixed(2)} s: ` +
      `${Math.round(LINES / seconds / 1000)}k lines/s, ${mib(stdout.bytes + stderr.bytes)} MiB out, ` +
      `RSS ${mib(rssBefore)} MiB before, peak ${mib(peak)} MiB (exit ${code})`,
  );
}
clearInterval(sampler);
