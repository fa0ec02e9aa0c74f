// The `urnkit` command line as a module: `main` runs it with given arguments and streams.

export { type Io, main } from "./main.js";
