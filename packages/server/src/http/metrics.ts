// Prometheus text exposition format 0.0.4: request counts by route and status, resolution
// outcomes, and a request latency histogram, kept in memory per process; and the link checker's
// gauges, read from the database when scraped (every process sees the same).

import { LINK_OUTCOMES, type LinkOutcomeCount } from "../storage/links.js";

/** The route label of every resolution, whatever the case of "urn:" it was asked with. */
export const RESOLUTION_LABEL = "/{urn}";

const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

function label(value: string): string {
  return value.replace(/[\\"\n]/g, (c) => (c === "\n" ? "\\n" : `\\${c}`));
}

export class Metrics {
  // method → route → status → count: counting a request builds no key string.
  readonly #requests = new Map<string, Map<string, Map<number, number>>>();
  readonly #outcomes = new Map<string, number>();
  readonly #buckets = new Array<number>(BUCKETS.length).fill(0);
  #count = 0;
  #sum = 0;

  request(method: string, route: string, status: number, seconds: number): void {
    let routes = this.#requests.get(method);
    if (routes === undefined) {
      routes = new Map();
      this.#requests.set(method, routes);
    }
    let statuses = routes.get(route);
    if (statuses === undefined) {
      statuses = new Map();
      routes.set(route, statuses);
    }
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    this.#count += 1;
    this.#sum += seconds;
    for (let i = 0; i < BUCKETS.length; i++) {
      if (seconds <= (BUCKETS[i] as number)) {
        this.#buckets[i] = (this.#buckets[i] as number) + 1;
        break;
      }
    }
  }

  resolution(outcome: string): void {
    this.#outcomes.set(outcome, (this.#outcomes.get(outcome) ?? 0) + 1);
  }

  render(): string {
    const out: string[] = [
      "# HELP urnkit_http_requests_total HTTP requests by method, route and status.",
      "# TYPE urnkit_http_requests_total counter",
    ];
    for (const [method, routes] of this.#requests)
      for (const [route, statuses] of routes)
        for (const [status, n] of statuses)
          out.push(
            `urnkit_http_requests_total{method="${label(method)}",route="${label(route)}",status="${status}"} ${n}`,
          );
    out.push(
      "# HELP urnkit_resolutions_total URN resolutions by outcome.",
      "# TYPE urnkit_resolutions_total counter",
    );
    for (const [outcome, n] of this.#outcomes)
      out.push(`urnkit_resolutions_total{outcome="${label(outcome)}"} ${n}`);
    out.push(
      "# HELP urnkit_http_request_duration_seconds HTTP request latency.",
      "# TYPE urnkit_http_request_duration_seconds histogram",
    );
    let cumulative = 0;
    BUCKETS.forEach((le, i) => {
      cumulative += this.#buckets[i] as number;
      out.push(`urnkit_http_request_duration_seconds_bucket{le="${le}"} ${cumulative}`);
    });
    out.push(
      `urnkit_http_request_duration_seconds_bucket{le="+Inf"} ${this.#count}`,
      `urnkit_http_request_duration_seconds_sum ${this.#sum}`,
      `urnkit_http_request_duration_seconds_count ${this.#count}`,
    );
    return `${out.join("\n")}\n`;
  }
}

/** Gauges of the locators checked, by their last outcome (every outcome, 0 included). */
export function linkGauges(counts: readonly LinkOutcomeCount[]): string {
  const by = new Map<string, number>();
  let demoted = 0;
  for (const c of counts) {
    // Unscoped counts (the whole registry) hold checked locators only.
    if (c.outcome === null) continue;
    by.set(c.outcome, (by.get(c.outcome) ?? 0) + c.count);
    if (c.demoted) demoted += c.count;
  }
  return [
    "# HELP urnkit_links Checked locators by the outcome of their last check.",
    "# TYPE urnkit_links gauge",
    ...LINK_OUTCOMES.map((o) => `urnkit_links{outcome="${o}"} ${by.get(o) ?? 0}`),
    "# HELP urnkit_links_demoted Locators ranked after healthy ones for failing checks in a row.",
    "# TYPE urnkit_links_demoted gauge",
    `urnkit_links_demoted ${demoted}`,
    "",
  ].join("\n");
}
