// urn:ogc:def:{objectType}:{authority}:{version}:{code} (OGC 07-092r3, the URN form of OGC
// definitions) as the path of the OGC definition server, /def/{type}/{authority}/{version}/{code}.
// An empty version (urn:ogc:def:crs:EPSG::4326, "the latest") is "0" there. Other shapes (compound
// definitions with "," in the type, more or fewer parts) have no path: the row does not apply.

import type { Transform } from "./transform.js";

/** An object type such as crs, uom, datum or dataType: letters and digits. */
const OBJECT_TYPE = /^[A-Za-z][A-Za-z0-9]*$/;

export const ogcDefinition: Transform = {
  fills: ["type", "authority", "version", "code"],
  apply(urn) {
    const nss = urn.nss;
    if (nss.includes("/")) return null;
    const parts = nss.split(":");
    if (parts.length !== 5) return null;
    const [, type = "", authority = "", version = "", code = ""] = parts;
    if (!OBJECT_TYPE.test(type) || authority === "" || code === "") return null;
    return { type, authority, version: version === "" ? "0" : version, code };
  },
};
