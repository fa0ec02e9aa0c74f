// Crawler traffic, told apart by its User-Agent with isbot's maintained pattern list. A client
// sends the same User-Agent on every request, and the pattern is one large regular expression, so
// answers are remembered per User-Agent, in a bounded map: made-up User-Agents cannot grow it.

import { isbot } from "isbot";

/** User-Agents remembered before the map starts over. */
const REMEMBERED = 1024;

export class CrawlerCheck {
  readonly #known = new Map<string, boolean>();

  /** True for a crawler's User-Agent; no User-Agent at all is not one. */
  isCrawler(userAgent: string | undefined): boolean {
    if (userAgent === undefined || userAgent === "") return false;
    let crawler = this.#known.get(userAgent);
    if (crawler === undefined) {
      crawler = isbot(userAgent);
      if (this.#known.size >= REMEMBERED) this.#known.clear();
      this.#known.set(userAgent, crawler);
    }
    return crawler;
  }
}
