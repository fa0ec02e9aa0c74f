// What require("@urnkit/server") finds: the package is ESM only (a service built on ES modules).
// CommonJS code gets this explanation instead of Node's ERR_PACKAGE_PATH_NOT_EXPORTED.
throw Object.assign(
  new Error(
    '@urnkit/server is ESM only: load it with `import { buildServer } from "@urnkit/server"`, ' +
      'or with `await import("@urnkit/server")` from CommonJS. @urnkit/core and ' +
      "@urnkit/namespaces also ship CommonJS builds.",
  ),
  { code: "ERR_REQUIRE_ESM" },
);
