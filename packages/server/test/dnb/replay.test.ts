// The DNB URN-Service API's clients replayed against urnkit, on every engine: each client's flow
// (client-flows.ts), step by step, as the client sends it and checking what the client checks.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";
import { CLIENT_FLOWS, DAGSTUHL_URL_ID } from "./client-flows.js";
import { replay, suiteDnbRegistry } from "./dnb-registry.js";

it("the Dagstuhl URL's PHP base64 id holds a '/' and a '+', as the path must take them", () => {
  assert.match(DAGSTUHL_URL_ID, /\//);
  assert.match(DAGSTUHL_URL_ID, /\+/);
});

for (const engine of engines) {
  describe(`DNB API client replays (${engine.name})`, () => {
    const { it } = skippedWhen(engine.skip);
    for (const flow of CLIENT_FLOWS) {
      describe(flow.client, () => {
        const registry = suiteDnbRegistry(engine);
        it(`replays ${flow.steps.length} steps of ${flow.source}`, async () => {
          await replay(registry.app, flow);
        });
      });
    }
  });
}
