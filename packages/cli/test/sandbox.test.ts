// `urnkit sandbox` as another project's CI uses it: started with known credentials, it prints its
// base URLs; a DNB client registers a URN, finds it and replaces its URLs (MyCoRe's flow, over
// real HTTP); SIGTERM stops it with exit 0. A bad option is a usage error.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { it } from "node:test";
import { nbnDeCheckDigit } from "@urnkit/namespaces";
import { bin, runBin } from "./serve-process.js";

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

it("sandbox: prints its base URLs, serves a DNB client's flow, stops on SIGTERM", async () => {
  const proc = spawn(
    process.execPath,
    [bin, "sandbox", "--namespace", "urn:nbn:de:ci", "--login", "ci", "--password", "ci-pass"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  let err = "";
  proc.stderr.on("data", (d) => {
    err += d;
  });
  const base = await new Promise<string>((resolve, reject) => {
    proc.once("exit", (code) => reject(new Error(`sandbox exited ${code}:\n${err}`)));
    proc.stdout.on("data", (d) => {
      out += d;
      const url = /^base URL: (http:\/\/127\.0\.0\.1:\d+\/sandbox\/v2\/)$/m.exec(out)?.[1];
      if (url !== undefined && /^password: /m.test(out)) resolve(url);
    });
  });
  proc.removeAllListeners("exit");
  assert.match(out, /^base URL: http:\/\/127\.0\.0\.1:\d+\/v2\/$/m);
  assert.match(out, /^login: ci$/m);

  const urn = `urn:nbn:de:ci-1${nbnDeCheckDigit("urn:nbn:de:ci-1")}`;
  const auth = { authorization: basic("ci", "ci-pass"), "content-type": "application/json" };
  const missing = await fetch(`${base}urns/urn/${urn}`, { headers: auth });
  assert.equal(missing.status, 404);
  const created = await fetch(`${base}urns/`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ urn, urls: [{ url: "https://ci.example/1", priority: "1" }] }),
  });
  assert.equal(created.status, 201, await created.clone().text());
  assert.ok(created.headers.get("date"));
  assert.equal(((await created.json()) as { urn: string }).urn, urn);
  const patched = await fetch(`${base}urns/urn/${urn}/my-urls/`, {
    method: "PATCH",
    headers: auth,
    body: JSON.stringify([{ url: "https://ci.example/1b", priority: "1" }]),
  });
  assert.equal(patched.status, 204);
  const urls = (await (await fetch(`${base}urns//urn/${urn}/urls`)).json()) as {
    items: { url: string }[];
  };
  assert.deepEqual(
    urls.items.map((u: { url: string }) => u.url),
    ["https://ci.example/1b"],
  );
  const wrong = await fetch(`${base}urns/urn/${urn}/my-urls`, {
    headers: { authorization: basic("ci", "not-the-password") },
  });
  assert.equal(wrong.status, 403);

  const exited = once(proc, "exit");
  proc.kill("SIGTERM");
  const [code] = await exited;
  assert.equal(code, 0, err);
});

it("sandbox: a login that is not an organisation id is a usage error", async () => {
  const { code, stderr } = await runBin(["sandbox", "--login", "Not An Id"]);
  assert.equal(code, 2);
  assert.match(stderr, /--login is an organisation id/);
});
