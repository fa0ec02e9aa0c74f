// Type-checked with skipLibCheck false: the declarations of every package, and of the packages
// they name, must resolve from an installation of the tarballs alone.

import { URN, type UrnSyntax } from "@urnkit/core";
import { type CheckReport, checkUrn } from "@urnkit/namespaces";
import { type BuildServerOptions, buildServer, openSqliteStore, type Store } from "@urnkit/server";
import { type Io, main } from "urnkit";

const syntax: UrnSyntax = "rfc8141";
const report: CheckReport = checkUrn(new URN("urn:example:a").href, { syntax });
const store: Store = await openSqliteStore(":memory:");
const options: BuildServerOptions = { store, logger: false };
const app = await buildServer(options);
const io: Io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
export const done: Promise<unknown>[] = [
  app.close(),
  main(["--version"], io),
  Promise.resolve(report),
];
