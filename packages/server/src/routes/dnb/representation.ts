// The DNB URN-Service API v2's JSON shapes, built from urnkit's records, prefixes and
// organisations. Field names as the DNB documents them; every field present, null when empty;
// timestamps ISO-8601 UTC with milliseconds (as urnkit stores them); references between
// resources as absolute URLs built from the request's own base, so a client following `self`,
// `successor` or `owner` stays on the server and base path it called.

import type { FastifyRequest } from "fastify";
import type { Link } from "../../http/link-header.js";
import type { Organisation } from "../../storage/organisations.js";
import type { Prefix } from "../../storage/prefixes.js";
import type { Locator, UrnRecord } from "../../storage/records.js";
import { urlId } from "./paths.js";

/** The absolute URL of a base path as the request reached it (scheme and host as it sent them). */
export function baseUrl(request: FastifyRequest, base: string): string {
  return `${request.protocol}://${request.host}${base}`;
}

/** A DNB namespace's name: the prefix without its trailing "-" (urn:nbn:de:hbz:6-). */
export function namespaceName(prefix: string): string {
  return prefix.endsWith("-") ? prefix.slice(0, -1) : prefix;
}

export function urnUrl(base: string, urn: string): string {
  return `${base}urns/urn/${urn}`;
}

export function namespaceUrl(base: string, prefix: string): string {
  return `${base}namespaces/name/${namespaceName(prefix)}`;
}

export function organisationUrl(base: string, id: string): string {
  return `${base}organisations/id/${encodeURIComponent(id)}`;
}

/** The Urn resource. A reserved record is not one: the API answers 404 for it. */
export function urnView(base: string, record: UrnRecord) {
  const self = urnUrl(base, record.urn);
  const successor = record.successors[0];
  return {
    self,
    urn: record.urn,
    created: record.created,
    lastModified: record.updated,
    namespace: record.prefix === null ? null : namespaceUrl(base, record.prefix),
    successor: successor === undefined ? null : urnUrl(base, successor),
    urls: `${self}/urls`,
    myUrls: `${self}/my-urls`,
  };
}

/**
 * The Url resource of one of a record's active locators. urnkit keeps no change time per locator,
 * so `lastModified` is its creation time; a changed priority shows in the URN's lastModified.
 */
export function urlView(base: string, record: UrnRecord, locator: Locator) {
  const urn = urnUrl(base, record.urn);
  const owner = locator.owner ?? record.organisation;
  return {
    self: `${urn}/urls/base64/${urlId(locator.url)}`,
    created: locator.created,
    lastModified: locator.created,
    url: locator.url,
    urn,
    owner: owner === null ? null : organisationUrl(base, owner),
    priority: locator.priority,
  };
}

/**
 * The Namespace resource of a prefix. The DNB's naming and URL policies are resources of their
 * own, which urnkit does not serve (a prefix's policies are its own fields): null.
 */
export function namespaceView(base: string, prefix: Prefix) {
  const self = namespaceUrl(base, prefix.prefix);
  return {
    self,
    name: namespaceName(prefix.prefix),
    created: prefix.created,
    lastModified: prefix.updated,
    allowsRegistration: prefix.modes.includes("registrar"),
    comment: null,
    // The DNB's own example shows an empty string for a namespace resolved by the DNB itself.
    resolverUrl: prefix.delegate ?? "",
    owner: organisationUrl(base, prefix.organisation),
    urnNamingPolicy: null,
    urlPolicy: null,
    urns: `${self}/urns`,
    urnSuggestion: `${self}/urn-suggestion`,
  };
}

/** An e-mail address in an organisation's contact text ("mailto:" or bare), if it is one. */
function emailOf(contact: string | null): string | null {
  const address = contact?.replace(/^mailto:/i, "").trim() ?? "";
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) ? address : null;
}

/**
 * The Organisation resource. urnkit keeps a name and one contact text: the contact is the
 * `email` when it is an address; postal address and primary contact are null, and the contacts
 * resource is not served. `login` (the organisation's id here) is shown to the organisation.
 */
export function organisationView(base: string, organisation: Organisation, caller: string | null) {
  const self = organisationUrl(base, organisation.id);
  return {
    self,
    id: organisation.id,
    login: caller === organisation.id ? organisation.id : null,
    created: organisation.created,
    lastModified: organisation.updated,
    name: organisation.name,
    email: emailOf(organisation.contact),
    address: { street: null, postcode: null, city: null, country: null },
    comment: null,
    primaryContactSurname: null,
    primaryContactForename: null,
    primaryContactEmail: null,
    primaryContactPhone: null,
    primaryContactFunction: null,
    primaryContactComment: null,
    contacts: null,
    namespaces: `${self}/namespaces`,
  };
}

/** A collection page: `{self, totalItems, items}`. */
export function collection<T>(self: string, totalItems: number, items: T[]) {
  return { self, totalItems, items };
}

/**
 * The Link header of a page at `offset` of `count` (RFC 8288): first and prev from the second
 * page on, next while there is more, last always. The DNB's documents say "previous", RFC 8288's
 * registry "prev": both relation types are given.
 */
export function pageLinks(self: string, offset: number, count: number, total: number): Link[] {
  const at = (n: number) => {
    const url = new URL(self);
    url.searchParams.set("offset", String(n));
    url.searchParams.set("count", String(count));
    return url.href;
  };
  const links: Link[] = [];
  if (offset > 0) {
    links.push({ href: at(0), params: [["rel", "first"]] });
    links.push({ href: at(Math.max(0, offset - count)), params: [["rel", "prev previous"]] });
  }
  if (offset + count < total) links.push({ href: at(offset + count), params: [["rel", "next"]] });
  const last = total === 0 ? 0 : Math.floor((total - 1) / count) * count;
  links.push({ href: at(last), params: [["rel", "last"]] });
  return links;
}
