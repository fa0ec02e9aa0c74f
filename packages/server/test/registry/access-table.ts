// Who may do what, as data: every write route and administrative read of the JSON API, the web
// UI's administration forms that reach the same actions, and the kinds of token allowed each. The
// expected answers follow registry/access.ts's policy: the registry's administrator does
// everything; a namespace's administrator what concerns that namespace; an organisation's
// administrator its own tokens, its own prefixes' policies and its own audit rows, and what its
// registrars do; a registrar writes under its organisation's prefixes. Every kind not listed gets
// 403 (401 without a valid token).
//
// The data is the seed's (registry/seed.ts): namespace "example" (minting "doc-", no
// organisation), organisation "example-library" with prefix "urn:example:lib-" and
// "example-archive" with "urn:example:arc-".

export const KINDS = [
  "server-admin",
  "namespace-admin",
  "organisation-admin",
  "registrar",
  "reader",
  "revoked",
  "none",
] as const;
export type Kind = (typeof KINDS)[number];

/** What each case may use: a fresh suffix, and tokens and a record made for it alone. */
export interface CaseFixture {
  unique: string;
  /** Live tokens to revoke: server-wide, of the library, of the archive. */
  victims: { registry: number; library: number; archive: number };
  /** A URN minted under the library's prefix for this case. */
  libraryUrn: string;
}

export interface ApiRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  body?: unknown;
}

export interface FormRequest {
  path: string;
  form: Record<string, string | string[]>;
}

export interface AccessRow {
  name: string;
  api: (f: CaseFixture) => ApiRequest;
  /** The web UI's form for the same action, when it has one. */
  ui?: (f: CaseFixture) => FormRequest;
  allowed: readonly Kind[];
}

const enc = encodeURIComponent;
const ADMINS = ["server-admin", "namespace-admin"] as const;
const ORGANISATION = [...ADMINS, "organisation-admin", "registrar"] as const;

export const ACCESS_TABLE: readonly AccessRow[] = [
  {
    name: "serve a namespace",
    api: (f) => ({
      method: "POST",
      url: "/api/v1/namespaces",
      body: { nid: `x-${f.unique}`, local: true },
    }),
    ui: (f) => ({ path: "/admin/namespaces", form: { nid: `y-${f.unique}`, local: "1" } }),
    allowed: ["server-admin"],
  },
  {
    name: "change a namespace (its delegates, its minting policy)",
    api: () => ({
      method: "PUT",
      url: "/api/v1/namespaces/example",
      body: {
        local: true,
        mint: { prefix: "doc-", width: 6, check: "mod11-2" },
        redirectStatus: 303,
        maxAge: 300,
        delegate: [{ prefix: "urn:example:lib-", url: "https://evil.example/{urn}" }],
      },
    }),
    allowed: ADMINS,
  },
  {
    name: "mint under the namespace's own policy (no organisation)",
    api: () => ({ method: "POST", url: "/api/v1/namespaces/example/mint", body: {} }),
    allowed: ADMINS,
  },
  {
    name: "create an organisation",
    api: (f) => ({
      method: "POST",
      url: "/api/v1/organisations",
      body: { id: `o-${f.unique}`, name: "New" },
    }),
    ui: (f) => ({ path: "/admin/organisations", form: { id: `p-${f.unique}`, name: "New" } }),
    allowed: ["server-admin"],
  },
  {
    name: "change another organisation",
    api: () => ({
      method: "PATCH",
      url: "/api/v1/organisations/example-archive",
      body: { name: "Archive" },
    }),
    ui: () => ({
      path: "/admin/organisations/active",
      form: { id: "example-archive", active: "1" },
    }),
    allowed: ["server-admin"],
  },
  {
    name: "create a prefix",
    api: (f) => ({
      method: "POST",
      url: "/api/v1/namespaces/example/prefixes",
      body: { prefix: `urn:example:q${f.unique}-`, organisation: "example-library" },
    }),
    ui: (f) => ({
      path: "/admin/prefixes",
      form: {
        prefix: `urn:example:r${f.unique}-`,
        organisation: "example-library",
        modes: ["resolver", "reservation", "registrar"],
        check: "none",
        width: "6",
      },
    }),
    allowed: ADMINS,
  },
  {
    name: "change the organisation's own prefix's policy",
    api: () => ({
      method: "PATCH",
      url: `/api/v1/namespaces/example/prefixes/${enc("urn:example:lib-")}`,
      body: { mirrors: true },
    }),
    allowed: [...ADMINS, "organisation-admin"],
  },
  {
    name: "change another organisation's prefix's policy",
    api: () => ({
      method: "PATCH",
      url: `/api/v1/namespaces/example/prefixes/${enc("urn:example:arc-")}`,
      body: { mirrors: false },
    }),
    allowed: ADMINS,
  },
  {
    name: "mint under the organisation's prefix",
    api: () => ({
      method: "POST",
      url: `/api/v1/namespaces/example/prefixes/${enc("urn:example:lib-")}/mint`,
      body: {},
    }),
    allowed: ORGANISATION,
  },
  {
    name: "reserve under the organisation's prefix",
    api: () => ({
      method: "POST",
      url: `/api/v1/namespaces/example/prefixes/${enc("urn:example:lib-")}/reservations`,
      body: { count: 1 },
    }),
    allowed: ORGANISATION,
  },
  {
    name: "mint under another organisation's prefix",
    api: () => ({
      method: "POST",
      url: `/api/v1/namespaces/example/prefixes/${enc("urn:example:arc-")}/mint`,
      body: {},
    }),
    allowed: ADMINS,
  },
  {
    name: "register a URN outside every organisation",
    api: (f) => ({
      method: "POST",
      url: "/api/v1/urns",
      body: { urn: `urn:example:free-${f.unique}`, status: "reserved" },
    }),
    allowed: ADMINS,
  },
  {
    name: "change a record outside every organisation",
    api: () => ({
      method: "PATCH",
      url: "/api/v1/urns/urn:example:report-2024",
      body: { metadata: { title: "Annual report 2024" } },
    }),
    allowed: ADMINS,
  },
  {
    name: "change a record of the organisation",
    api: (f) => ({
      method: "PATCH",
      url: `/api/v1/urns/${f.libraryUrn}`,
      body: { metadata: { title: "changed" } },
    }),
    allowed: ORGANISATION,
  },
  {
    name: "create a server-wide token",
    api: () => ({ method: "POST", url: "/api/v1/tokens", body: { role: "reader" } }),
    ui: () => ({ path: "/admin/tokens", form: { role: "reader" } }),
    allowed: ["server-admin"],
  },
  {
    name: "create a token of the organisation",
    api: () => ({
      method: "POST",
      url: "/api/v1/tokens",
      body: { role: "admin", organisation: "example-library" },
    }),
    ui: () => ({
      path: "/admin/tokens",
      form: { role: "registrar", organisation: "example-library" },
    }),
    allowed: ["server-admin", "organisation-admin"],
  },
  {
    name: "create a token of another organisation",
    api: () => ({
      method: "POST",
      url: "/api/v1/tokens",
      body: { role: "registrar", organisation: "example-archive" },
    }),
    ui: () => ({
      path: "/admin/tokens",
      form: { role: "registrar", organisation: "example-archive" },
    }),
    allowed: ["server-admin"],
  },
  {
    name: "revoke a server-wide token",
    api: (f) => ({ method: "DELETE", url: `/api/v1/tokens/${f.victims.registry}` }),
    ui: (f) => ({ path: "/admin/tokens/revoke", form: { id: String(f.victims.registry) } }),
    allowed: ["server-admin"],
  },
  {
    name: "revoke a token of the organisation",
    api: (f) => ({ method: "DELETE", url: `/api/v1/tokens/${f.victims.library}` }),
    ui: (f) => ({ path: "/admin/tokens/revoke", form: { id: String(f.victims.library) } }),
    allowed: ["server-admin", "organisation-admin"],
  },
  {
    name: "revoke a token of another organisation",
    api: (f) => ({ method: "DELETE", url: `/api/v1/tokens/${f.victims.archive}` }),
    ui: (f) => ({ path: "/admin/tokens/revoke", form: { id: String(f.victims.archive) } }),
    allowed: ["server-admin"],
  },
  {
    name: "list tokens (an organisation's administrator sees its own)",
    api: () => ({ method: "GET", url: "/api/v1/tokens" }),
    allowed: ["server-admin", "organisation-admin"],
  },
  {
    name: "read the audit log (an organisation's administrator reads its own rows)",
    api: () => ({ method: "GET", url: "/api/v1/audit" }),
    allowed: ["server-admin", "organisation-admin"],
  },
  {
    name: "import records",
    api: () => ({ method: "POST", url: "/api/v1/import", body: "" }),
    allowed: ADMINS,
  },
];
