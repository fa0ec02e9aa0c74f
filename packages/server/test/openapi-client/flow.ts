// The registry's everyday flow through a client generated from /openapi.json (openapi-typescript
// types, openapi-fetch calls): every path, parameter, body and response here is checked by the
// TypeScript compiler against the generated types before it runs against a live server. The test
// (../openapi.test.ts) generates `api.d.ts` beside a copy of this file; it is not compiled with
// the other tests.

import createClient from "openapi-fetch";
import type { paths } from "./api.js";

export interface Step {
  step: string;
  status: number;
  detail?: string;
}

export async function flow(baseUrl: string, adminToken: string): Promise<Step[]> {
  const steps: Step[] = [];
  const admin = createClient<paths>({
    baseUrl,
    headers: { authorization: `Bearer ${adminToken}` },
  });

  const ns = await admin.POST("/api/v1/namespaces", {
    body: {
      nid: "example",
      local: true,
      mint: { prefix: "doc-", width: 5, check: "mod11-2" },
    },
  });
  steps.push({ step: "createNamespace", status: ns.response.status, detail: ns.data?.nid });

  const token = await admin.POST("/api/v1/tokens", {
    body: { role: "registrar", namespace: "example", label: "generated client" },
  });
  steps.push({ step: "createToken", status: token.response.status });
  const registrar = createClient<paths>({
    baseUrl,
    headers: { authorization: `Bearer ${token.data?.token ?? ""}` },
  });

  const created = await registrar.POST("/api/v1/urns", {
    body: {
      urn: "urn:example:report-2026",
      status: "active",
      locators: [{ url: "https://www.example.org/reports/2026.pdf", priority: 10 }],
      metadata: { title: "Annual report 2026" },
    },
  });
  steps.push({
    step: "registerUrn",
    status: created.response.status,
    detail: created.response.headers.get("location") ?? "",
  });

  const again = await registrar.POST("/api/v1/urns", {
    body: { urn: "URN:EXAMPLE:report-2026", status: "reserved" },
  });
  const existing = again.error?.existing;
  steps.push({
    step: "registerUrn again",
    status: again.response.status,
    detail: typeof existing === "string" ? existing : undefined,
  });

  const read = await registrar.GET("/api/v1/urns/{urn}", {
    params: { path: { urn: "urn:example:report-2026" } },
  });
  steps.push({ step: "getUrn", status: read.response.status, detail: read.data?.locators[0]?.url });

  const patched = await registrar.PATCH("/api/v1/urns/{urn}", {
    params: { path: { urn: "urn:example:report-2026" } },
    body: { locators: [{ url: "https://mirror.example.net/reports/2026.pdf", priority: 5 }] },
  });
  steps.push({
    step: "updateUrn",
    status: patched.response.status,
    detail: patched.data?.locators.map((l) => `${l.url}:${l.active}`).join(" "),
  });

  const minted = await registrar.POST("/api/v1/namespaces/{nid}/mint", {
    params: { path: { nid: "example" } },
    body: { status: "reserved" },
  });
  steps.push({ step: "mintUrn", status: minted.response.status, detail: minted.data?.urn });

  const activated = await registrar.POST("/api/v1/urns/{urn}/activate", {
    params: { path: { urn: minted.data?.urn ?? "" } },
  });
  steps.push({
    step: "activateUrn",
    status: activated.response.status,
    detail: activated.data?.status,
  });

  const deactivated = await registrar.POST("/api/v1/urns/{urn}/deactivate", {
    params: { path: { urn: minted.data?.urn ?? "" } },
    body: { reason: "superseded", successor: "urn:example:report-2026" },
  });
  steps.push({
    step: "deactivateUrn",
    status: deactivated.response.status,
    detail: deactivated.data?.successors.join(" "),
  });

  const bad = await registrar.POST("/api/v1/urns", {
    body: { urn: "urn:example:x", status: "active", locators: [{ url: "ftp://x.example/" }] },
  });
  steps.push({ step: "registerUrn invalid", status: bad.response.status, detail: bad.error?.code });

  const check = await registrar.GET("/api/v1/check", {
    params: { query: { urn: "urn:isbn:978-0-306-40615-6" } },
  });
  steps.push({ step: "checkUrn", status: check.response.status });

  const stats = await registrar.GET("/api/v1/stats/resolutions", {
    params: { query: { limit: "10" } },
  });
  steps.push({
    step: "getResolutionStats",
    status: stats.response.status,
    detail: String(stats.data?.next),
  });
  return steps;
}
