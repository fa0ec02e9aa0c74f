// The statistics charts' colours: one hue a series, each at least 3:1 against the white page
// (WCAG 2.1 SC 1.4.11, graphics), so that no two series are two greys. Crawler traffic, which
// cuts across the outcomes, is striped as well as coloured (bar-chart.ts), and every chart has
// a legend and a table, so colour is never the only cue.

import type { AssignmentEvent, Outcome } from "../storage/stats.js";
import type { Series } from "./bar-chart.js";

export const OUTCOME_COLOURS: Readonly<Record<Outcome, string>> = {
  redirect: "#0a4fb3",
  "uri-list": "#6a3d9a",
  metadata: "#00725b",
  "not-found": "#b3261e",
  gone: "#6b4700",
  delegated: "#c2185b",
};

export const EVENT_COLOURS: Readonly<Record<AssignmentEvent, string>> = {
  registered: "#0a4fb3",
  activated: "#00725b",
  deactivated: "#b3261e",
};

/** People's resolutions when they are one series (a record's chart). */
export const PEOPLE_COLOUR = "#0a4fb3";

/** Crawlers' resolutions: dark grey stripes, unlike any outcome's solid fill. */
export const CRAWLER_STYLE: Pick<Series, "colour" | "pattern"> = {
  colour: "#3d3d45",
  pattern: "stripes",
};
