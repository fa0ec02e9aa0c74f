// What require("urnkit") finds: the package is ESM only (a command line built on ES modules).
// CommonJS code gets this explanation instead of Node's ERR_PACKAGE_PATH_NOT_EXPORTED.
throw Object.assign(
  new Error(
    'urnkit is ESM only: load it with `import { main } from "urnkit"`, or with ' +
      '`await import("urnkit")` from CommonJS. @urnkit/core and @urnkit/namespaces also ship ' +
      "CommonJS builds.",
  ),
  { code: "ERR_REQUIRE_ESM" },
);
