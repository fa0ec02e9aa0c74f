// Reading an OAI-PMH 2.0 response (protocol §3.2 XML response format, §3.5 resumption tokens,
// §3.6 errors) as it arrives, chunk by chunk, with a namespace-aware streaming parser: elements are
// matched by namespace URI and local name, so a provider may bind any prefix (or none) to the OAI,
// Dublin Core, epicur or urnkit namespaces. Only what a harvest needs is kept: the response date,
// errors, Identify's granularity, each record's header and identifier values, the Dublin Core
// descriptions that begin with a URN (a urnkit provider's statements of a URN's status), or, in
// urnkit's native format, the record as the provider's registry keeps it, and the resumption
// token (an empty one closes the list, §3.5.1). The parser holds to bounds (bounded-xml-parser.ts:
// depth, attributes, token sizes), and so does the text gathered for one element.

import { URNKIT_NAMESPACE } from "../oai/formats/urnkit-schema.js";
import {
  BoundedXmlParser,
  DEFAULT_XML_BOUNDS,
  XmlBoundError,
  type XmlBounds,
  type XmlElement,
  XmlSyntaxError,
} from "./bounded-xml-parser.js";

export const OAI_NS = "http://www.openarchives.org/OAI/2.0/";
const DC_NS = "http://purl.org/dc/elements/1.1/";
const DCTERMS_NS = "http://purl.org/dc/terms/";
/** The DNB's URN–URL delivery format (xepicur). */
export const EPICUR_NS = "urn:nbn:de:1111-2004033116";

/** An identifier value found in a record's metadata, with what it is said to be. */
export interface MetadataIdentifier {
  /** "dc": a (Dublin Core) identifier; "urn" / "url": so named by an epicur record. */
  kind: "dc" | "urn" | "url";
  value: string;
}

/** A locator of a native record, as the provider's registry keeps it. */
export interface NativeLocator {
  url: string;
  priority: number;
  active: boolean;
  mediaType: string | null;
}

/**
 * A record in urnkit's native format (exchange/oai/formats/urnkit.ts): what a harvest takes over
 * beyond URN–URL pairs. Values are as written; the registry actions check them.
 */
export interface NativeRecord {
  urn: string;
  status: string;
  /** The deactivation's reason; null when the record has none. */
  reason: string | null;
  locators: NativeLocator[];
  successors: string[];
  /** The metadata as JSON text; null when there is none. */
  metadata: string | null;
}

export interface OaiRecord {
  /** The item's OAI identifier (header/identifier). */
  identifier: string;
  datestamp: string;
  deleted: boolean;
  identifiers: MetadataIdentifier[];
  /** Its Dublin Core descriptions that begin with a URN: where a provider states a URN's status. */
  statements: string[];
  /** The record in urnkit's native format, when its metadata is one. */
  native: NativeRecord | null;
}

export interface ResumptionToken {
  /** The token's text; "" on the last page of a list. */
  value: string;
  completeListSize: number | null;
  cursor: number | null;
  expirationDate: string | null;
}

export interface OaiError {
  code: string;
  message: string;
}

export interface OaiResponse {
  responseDate: string | null;
  errors: OaiError[];
  /** Identify's granularity. */
  granularity: string | null;
  records: OaiRecord[];
  /** null: the response carries no resumptionToken element (a complete, single-page list). */
  resumptionToken: ResumptionToken | null;
}

/** A response that is not an OAI-PMH document (not XML, or another root element). */
export class OaiFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OaiFormatError";
  }
}

function count(text: string | undefined): number | null {
  if (text === undefined || !/^\d+$/.test(text)) return null;
  return Number(text);
}

/** The reader's error for what the parser refused or failed on. */
function formatError(error: unknown): unknown {
  if (error instanceof XmlSyntaxError)
    return new OaiFormatError(`the response is not well-formed XML: ${error.message}`);
  if (error instanceof XmlBoundError)
    return new OaiFormatError(`the response is refused: ${error.message}`);
  return error;
}

/** Collects one response from the chunks written to it; `end()` hands the response back. */
export class OaiResponseReader {
  readonly #parser: BoundedXmlParser;
  readonly #bounds: XmlBounds;
  readonly #response: OaiResponse = {
    responseDate: null,
    errors: [],
    granularity: null,
    records: [],
    resumptionToken: null,
  };
  /** The open elements, as "namespace local" names. */
  readonly #path: string[] = [];
  #text = "";
  #record: OaiRecord | null = null;
  /** Depth of the record's <metadata> element while inside it. */
  #metadataDepth = -1;
  #attributes: Record<string, string> = {};
  /** The scheme of the epicur <identifier> being read (its parent tells URN from URL). */
  #epicurScheme: string | null = null;

  /** `bounds`: the parser's (bounded-xml-parser.ts); tokenChars also bounds an element's text. */
  constructor(bounds: Partial<XmlBounds> = {}) {
    this.#bounds = { ...DEFAULT_XML_BOUNDS, ...bounds };
    this.#parser = new BoundedXmlParser(
      {
        open: (tag) => this.#open(tag),
        close: (tag) => this.#close(tag),
        text: (text) => this.#gather(text),
      },
      this.#bounds,
    );
  }

  /** Parses `chunk` at once (see feed()). */
  write(chunk: string): void {
    try {
      this.#parser.write(chunk);
    } catch (error) {
      throw formatError(error);
    }
  }

  /** Parses `chunk` slice by slice, letting the event loop turn between them, until `signal`. */
  async feed(chunk: string, signal?: AbortSignal): Promise<void> {
    try {
      await this.#parser.feed(chunk, signal);
    } catch (error) {
      throw formatError(error);
    }
  }

  end(): OaiResponse {
    try {
      this.#parser.close();
    } catch (error) {
      throw formatError(error);
    }
    return this.#response;
  }

  /** Text or CDATA of the element being read, within the bound on one element's text. */
  #gather(text: string): void {
    if (this.#text.length + text.length > this.#bounds.tokenChars) {
      const name = this.#path.at(-1) ?? "";
      throw new XmlBoundError(
        `an element <${name.slice(name.lastIndexOf(" ") + 1)}> whose text is longer than ${this.#bounds.tokenChars} characters (the limit)`,
      );
    }
    this.#text += text;
  }

  #open(tag: XmlElement): void {
    const name = `${tag.uri} ${tag.local}`;
    if (this.#path.length === 0 && name !== `${OAI_NS} OAI-PMH`)
      throw new OaiFormatError(
        `the response's root element is {${tag.uri}}${tag.local}, not OAI-PMH of ${OAI_NS}`,
      );
    this.#path.push(name);
    this.#text = "";
    const depth = this.#path.length;
    const attrs: Record<string, string> = {};
    for (const a of Object.values(tag.attributes)) if (a.uri === "") attrs[a.local] = a.value;
    this.#attributes = attrs;
    if (tag.uri === OAI_NS) {
      if (tag.local === "record" && depth === 3) {
        this.#record = {
          identifier: "",
          datestamp: "",
          deleted: false,
          identifiers: [],
          statements: [],
          native: null,
        };
      } else if (tag.local === "header" && this.#record !== null) {
        this.#record.deleted = attrs.status === "deleted";
      } else if (tag.local === "metadata" && this.#record !== null && depth === 4) {
        this.#metadataDepth = depth;
      }
    } else if (tag.uri === EPICUR_NS && tag.local === "identifier") {
      this.#epicurScheme = attrs.scheme ?? null;
    } else if (
      tag.uri === URNKIT_NAMESPACE &&
      tag.local === "record" &&
      this.#record !== null &&
      depth === this.#metadataDepth + 1
    ) {
      this.#record.native = {
        urn: "",
        status: "",
        reason: null,
        locators: [],
        successors: [],
        metadata: null,
      };
    }
  }

  #close(tag: XmlElement): void {
    const depth = this.#path.length;
    const parent = this.#path[depth - 2] ?? "";
    this.#path.pop();
    const text = this.#text.trim();
    this.#text = "";
    const record = this.#record;
    if (record !== null && this.#metadataDepth > 0 && depth > this.#metadataDepth) {
      this.#metadataValue(tag, parent, text, record);
      return;
    }
    if (tag.uri !== OAI_NS) return;
    const r = this.#response;
    switch (tag.local) {
      case "responseDate":
        if (depth === 2) r.responseDate = text;
        break;
      case "error":
        if (depth === 2) r.errors.push({ code: this.#attributes.code ?? "", message: text });
        break;
      case "granularity":
        if (depth === 3) r.granularity = text;
        break;
      case "identifier":
        if (record !== null && parent === `${OAI_NS} header`) record.identifier = text;
        break;
      case "datestamp":
        if (record !== null && parent === `${OAI_NS} header`) record.datestamp = text;
        break;
      case "metadata":
        if (depth === this.#metadataDepth) this.#metadataDepth = -1;
        break;
      case "record":
        if (record !== null && depth === 3) {
          r.records.push(record);
          this.#record = null;
        }
        break;
      case "resumptionToken":
        if (depth === 3)
          r.resumptionToken = {
            value: text,
            completeListSize: count(this.#attributes.completeListSize),
            cursor: count(this.#attributes.cursor),
            expirationDate: this.#attributes.expirationDate ?? null,
          };
        break;
    }
  }

  /** A value in a record's metadata: a Dublin Core identifier or statement, or an epicur one. */
  #metadataValue(tag: XmlElement, parent: string, text: string, record: OaiRecord): void {
    if (tag.uri === URNKIT_NAMESPACE) {
      // A child of the native <record>: an element without children, so the attributes last
      // opened are its own.
      if (record.native !== null && parent === `${URNKIT_NAMESPACE} record`)
        nativeField(record.native, tag.local, text, this.#attributes);
      return;
    }
    if (tag.local === "description" && (tag.uri === DC_NS || tag.uri === DCTERMS_NS)) {
      if (/^urn:/i.test(text)) record.statements.push(text);
      return;
    }
    if (tag.local !== "identifier" || text === "") return;
    if (tag.uri === DC_NS || tag.uri === DCTERMS_NS) {
      record.identifiers.push({ kind: "dc", value: text });
    } else if (tag.uri === EPICUR_NS) {
      // <record><identifier scheme="urn:nbn:de"> names the URN; <resource><identifier
      // scheme="url"> a URL of it.
      if (parent === `${EPICUR_NS} record`) record.identifiers.push({ kind: "urn", value: text });
      else if (parent === `${EPICUR_NS} resource` && this.#epicurScheme === "url")
        record.identifiers.push({ kind: "url", value: text });
    }
  }
}

/** A field of a native record, from its element (formats/urnkit.ts writes them). */
function nativeField(
  native: NativeRecord,
  local: string,
  text: string,
  attributes: Record<string, string>,
): void {
  switch (local) {
    case "urn":
      native.urn = text;
      break;
    case "status":
      native.status = text;
      break;
    case "deactivation":
      native.reason = text;
      break;
    case "locator":
      native.locators.push({
        url: text,
        priority: /^\d{1,5}$/.test(attributes.priority ?? "") ? Number(attributes.priority) : 0,
        active: attributes.active !== "false",
        mediaType: attributes.mediaType ?? null,
      });
      break;
    case "successor":
      native.successors.push(text);
      break;
    case "metadata":
      native.metadata = text;
      break;
  }
}

/** Parses a whole response held in memory (tests, small answers such as Identify). */
export function parseOaiResponse(xml: string): OaiResponse {
  const reader = new OaiResponseReader();
  reader.write(xml);
  return reader.end();
}
