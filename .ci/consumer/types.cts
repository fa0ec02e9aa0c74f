// The CommonJS side of the type check: `import` in a .cts file compiles to require(), so these
// resolve through the "require" condition to the CommonJS declarations.

import { URN } from "@urnkit/core";
import { type CheckReport, checkUrn } from "@urnkit/namespaces";

const report: CheckReport = checkUrn(new URN("urn:isbn:0-395-36341-1").href);
export = report.ok;
