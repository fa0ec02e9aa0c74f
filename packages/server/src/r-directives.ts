// Directives in the r-component (draft-ietf-urnbis-rfc2141bis-urn-03 §2.3 and §2.3.1):
// "&"-separated keywd=value pairs; "s" selects the RFC 2483 resolution service. A keyword given
// twice is ignored, as the draft requires.

/** The service the r-component's `s=` directive names, or null when there is none (or twice). */
export function serviceDirective(rComponent: string | null): string | null {
  if (rComponent === null) return null;
  let service: string | null = null;
  let seen = 0;
  for (const directive of rComponent.split("&")) {
    if (directive.startsWith("s=")) {
      seen += 1;
      service = directive.slice(2);
    }
  }
  return seen === 1 ? service : null;
}
