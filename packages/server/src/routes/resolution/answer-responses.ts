// The responses a resolution answer (answer.ts) can be, documented once: GET /{urn} and
// GET /uri-res/{service} both answer through it, and differ only in what a 200 carries and in
// what makes a request malformed.

import { noBody, pageOrProblem, problems } from "../../http/schemas.js";

/** A 200 of a resolution route: its description and the media types its services give. */
interface Ok {
  description: string;
  content: Record<string, { schema: unknown }>;
}

/** The response schemas of a route that resolves: `ok` as its 200, `malformed` its 400's text. */
export function answerResponses(ok: Ok, malformed: string) {
  return {
    200: ok,
    301: { ...noBody, description: "Deactivated: moved to its successor" },
    302: {
      ...noBody,
      description:
        "Delegated to another resolver, the namespace's choice of redirect, or (--delegate-public) a public resolver",
    },
    303: { ...noBody, description: "See the best locator" },
    304: { ...noBody, description: "Not modified" },
    307: { ...noBody, description: "The namespace's choice of redirect" },
    ...problems(),
    400: pageOrProblem(400, malformed),
    404: pageOrProblem(404, "Not registered here, reserved, or without an active locator"),
    410: pageOrProblem(410, "Deactivated without successor: the tombstone"),
  };
}
