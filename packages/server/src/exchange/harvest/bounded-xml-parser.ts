// The harvester's XML parser: saxes (namespace-aware, streaming) inside bounds, so that what a
// provider sends cannot make it hold more, or work longer, than the response's size allows.
// Elements nest at most 64 levels (saxes resolves each name through the open elements, so
// endless nesting cost time quadratic in the depth); an element has at most 256 attributes and a
// start tag at most 64 Ki characters (saxes keeps every attribute of a tag as an object until
// its end); and the parser must report a tag, an attribute or text at least every 1 Mi
// characters, which bounds what it gathers meanwhile (a name, a text run, a CDATA section, a
// comment, a processing instruction, a DOCTYPE). Input is written in slices of 16 Ki
// characters, the bounds checked after each (so a token is refused at most one slice past its
// bound); feed() lets the event loop turn between slices, so a timer set around a response
// fires while it is parsed.

import { SaxesParser } from "saxes";

export interface XmlBounds {
  /** Elements open at once at most; the root is level 1. */
  depth: number;
  /** Attributes of one element at most (namespace declarations included). */
  attributes: number;
  /** Characters of one start tag at most, from its name to its ">". */
  startTagChars: number;
  /**
   * Characters read at most between two tags, attributes or texts the parser reports (so in one
   * name, text run, CDATA section, or comments, processing instructions and DOCTYPE in a row),
   * and of an element's text.
   */
  tokenChars: number;
}

export const DEFAULT_XML_BOUNDS: XmlBounds = {
  depth: 64,
  attributes: 256,
  startTagChars: 64 * 1024,
  tokenChars: 1024 * 1024,
};

/** Characters written to saxes at a time. */
export const SLICE_CHARS = 16 * 1024;

/** Input past one of the bounds. */
export class XmlBoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "XmlBoundError";
  }
}

/** Input that is not well-formed XML (saxes's own message). */
export class XmlSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "XmlSyntaxError";
  }
}

/**
 * An element as the handlers see it, names resolved against the namespaces in scope. Declared
 * here rather than taken from saxes, so that this package's declarations do not name saxes's
 * (which do not compile with skipLibCheck off).
 */
export interface XmlElement {
  /** The qualified name as written, prefix included. */
  readonly name: string;
  readonly local: string;
  /** The namespace name; "" for none. */
  readonly uri: string;
  readonly attributes: Readonly<Record<string, XmlAttribute>>;
}

export interface XmlAttribute {
  readonly local: string;
  readonly uri: string;
  readonly value: string;
}

/** What the parser reports: elements with their attributes, and character data. */
export interface XmlHandlers {
  open(element: XmlElement): void;
  close(element: XmlElement): void;
  /** Text and CDATA sections alike. */
  text(text: string): void;
}

/**
 * saxes's parser, through a class of its own. saxes adds each handler to the parser as a
 * property with a computed name; past a few of them V8 turns a SaxesParser into a dictionary of
 * properties and every read of its state slows down (a 1,000-record page parsed 4-5 times
 * slower with seven handlers than with five). A subclass's instances are laid out with room for
 * them.
 */
class Parser extends SaxesParser<{ xmlns: true; position: false }> {}

export class BoundedXmlParser {
  readonly #parser = new Parser({ xmlns: true, position: false });
  readonly #bounds: XmlBounds;
  /** Elements open, the one whose start tag is being read included. */
  #depth = 0;
  /** Whether a token ended during the slice being written. */
  #tokenEnded = false;
  /** Characters written since the end of the slice in which a token last ended. */
  #sinceToken = 0;
  /** The start tag being read (its name), or null outside one. */
  #startTag: string | null = null;
  #startTagBegan = false;
  #startTagChars = 0;
  #attributes = 0;
  #failure: Error | null = null;

  constructor(handlers: XmlHandlers, bounds: Partial<XmlBounds> = {}) {
    this.#bounds = { ...DEFAULT_XML_BOUNDS, ...bounds };
    const p = this.#parser;
    const ended = () => {
      this.#tokenEnded = true;
    };
    p.on("opentagstart", (tag) => {
      ended();
      this.#depth++;
      if (this.#depth > this.#bounds.depth)
        throw new XmlBoundError(
          `elements nested ${this.#depth} levels deep (<${tag.name}>), past the limit of ${this.#bounds.depth}`,
        );
      this.#startTag = tag.name;
      this.#startTagBegan = true;
      this.#startTagChars = 0;
      this.#attributes = 0;
    });
    p.on("attribute", () => {
      ended();
      if (++this.#attributes > this.#bounds.attributes)
        throw new XmlBoundError(
          `an element <${this.#startTag}> with more than ${this.#bounds.attributes} attributes (the limit)`,
        );
    });
    p.on("opentag", (tag) => {
      ended();
      this.#startTag = null;
      handlers.open(tag);
    });
    p.on("closetag", (tag) => {
      ended();
      this.#depth--;
      handlers.close(tag);
    });
    p.on("text", (text) => {
      ended();
      handlers.text(text);
    });
    p.on("cdata", (text) => {
      ended();
      handlers.text(text);
    });
    p.on("error", (error) => {
      throw new XmlSyntaxError(error.message);
    });
  }

  /** Parses `chunk`, slice by slice; throws XmlBoundError, XmlSyntaxError or a handler's error. */
  write(chunk: string): void {
    for (let at = 0; at < chunk.length; at += SLICE_CHARS)
      this.#slice(chunk.slice(at, at + SLICE_CHARS));
  }

  /**
   * As write(), letting the event loop turn after each slice; stops with `signal`'s reason when
   * it is aborted meanwhile.
   */
  async feed(chunk: string, signal?: AbortSignal): Promise<void> {
    for (let at = 0; at < chunk.length; at += SLICE_CHARS) {
      this.#slice(chunk.slice(at, at + SLICE_CHARS));
      await new Promise((resolve) => setImmediate(resolve));
      signal?.throwIfAborted();
    }
  }

  /** Ends the input: throws XmlSyntaxError when the document is incomplete. */
  close(): void {
    this.#guarded(() => this.#parser.close());
  }

  #slice(slice: string): void {
    this.#tokenEnded = false;
    this.#startTagBegan = false;
    this.#guarded(() => this.#parser.write(slice));
    this.#sinceToken = this.#tokenEnded ? 0 : this.#sinceToken + slice.length;
    if (this.#sinceToken > this.#bounds.tokenChars)
      this.#fail(
        new XmlBoundError(
          `more than ${this.#bounds.tokenChars} characters without a tag, attribute or text (the limit)`,
        ),
      );
    if (this.#startTag === null) return;
    this.#startTagChars = this.#startTagBegan ? 0 : this.#startTagChars + slice.length;
    if (this.#startTagChars > this.#bounds.startTagChars)
      this.#fail(
        new XmlBoundError(
          `a start tag <${this.#startTag} …> longer than ${this.#bounds.startTagChars} characters (the limit)`,
        ),
      );
  }

  /** Runs `step` on the parser unless it failed before; a failure stops the parser for good. */
  #guarded(step: () => void): void {
    if (this.#failure !== null) throw this.#failure;
    try {
      step();
    } catch (error) {
      this.#fail(error instanceof Error ? error : new Error(String(error)));
    }
  }

  #fail(error: Error): never {
    this.#failure = error;
    throw error;
  }
}
