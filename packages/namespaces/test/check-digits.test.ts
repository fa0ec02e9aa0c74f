// Check characters worked by hand from the algorithms the defining documents give.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mod97_10Pair, mod97_10Step } from "../src/check-digits/iso7064.js";
import {
  isbn10CheckDigit,
  isbn10To13,
  isbn13CheckDigit,
  issnCheckDigit,
  mod11_2CheckChar,
  mod37_36CheckChar,
  mod97_10Remainder,
  nbnDeCheckDigit,
} from "../src/index.js";

describe("ISBN (ISO 2108, urn:isbn template)", () => {
  it("ISBN-10: weights 10..2, check = (11 - sum mod 11) mod 11", () => {
    // 9·10 + 5·9 + 1·8 + 0·7 + 1·6 + 8·5 + 4·4 + 3·3 + 5·2 = 224; 224 mod 11 = 4; 11 - 4 = 7
    assert.equal(isbn10CheckDigit("951018435"), "7");
    // 0+27+72+35+18+30+12+12+2 = 208; 208 mod 11 = 10; 11 - 10 = 1
    assert.equal(isbn10CheckDigit("039536341"), "1");
  });
  it("ISBN-10 check 10 is written X", () => {
    // 0·10+8·9+0·8+4·7+4·6+2·5+9·4+5·3+7·2 = 199; 199 mod 11 = 1; 11 - 1 = 10 → X
    assert.equal(isbn10CheckDigit("080442957"), "X");
  });
  it("ISBN-13: weights 1,3,1,3…, check = (10 - sum mod 10) mod 10", () => {
    // 9+21+8+27+5+3+0+3+8+12+3+15 = 114; 10 - 4 = 6
    assert.equal(isbn13CheckDigit("978951018435"), "6");
    // 9+21+9+3+0+27+0+18+3+18+0+21 = 129; 10 - 9 = 1
    assert.equal(isbn13CheckDigit("979109063607"), "1");
  });
  it("ISBN-10 → ISBN-13 prepends 978 and recomputes the check", () => {
    assert.equal(isbn10To13("9510184357"), "9789510184356");
    assert.equal(isbn10To13("0395363411"), "9780395363416");
    assert.equal(isbn10To13("080442957X"), "9780804429573");
  });
});

describe("ISSN (ISO 3297, urn:issn template)", () => {
  it("weights 8..2, check = (11 - sum mod 11) mod 11, 10 written X", () => {
    // 1·8+0·7+4·6+6·5+8·4+1·3+8·2 = 113; 113 mod 11 = 3; 11 - 3 = 8
    assert.equal(issnCheckDigit("1046818"), "8");
    // 0·8+2·7+5·6+9·5+0+0+0 = 89; 89 mod 11 = 1; 11 - 1 = 10 → X
    assert.equal(issnCheckDigit("0259000"), "X");
    // 2·8+0·7+7·6+0·5+1·4+7·3+2·2 = 87; 87 mod 11 = 10; 11 - 10 = 1
    assert.equal(issnCheckDigit("2070172"), "1");
  });
});

describe("ISO 7064", () => {
  it("MOD 37,36 gives the ISAN check characters (RFC 4246)", () => {
    assert.equal(mod37_36CheckChar("00000000D07A0090"), "Q");
    assert.equal(mod37_36CheckChar("00000000D07A009000000000"), "X");
    // RFC 4246's own example prints 9 and U; the algorithm gives Y and O.
    assert.equal(mod37_36CheckChar("188166C734206541"), "Y");
    assert.equal(mod37_36CheckChar("188166C7342065419F3A0245"), "O");
    assert.equal(mod37_36CheckChar("0123123032102310"), "J");
  });
  it("MOD 37,36 gives the EIDR check character (RFC 7972)", () => {
    assert.equal(mod37_36CheckChar("77918534 2C2390308610".replace(" ", "")), "5");
  });
  it("MOD 11-2 gives the ISNI check character", () => {
    assert.equal(mod11_2CheckChar("000000012124196"), "0");
  });
  it("MOD 97-10: a valid LEI leaves remainder 1", () => {
    assert.equal(mod97_10Remainder("7LTWFZYICNSX8D621K86"), 1);
    assert.notEqual(mod97_10Remainder("7LTWFZYICNSX8D621K87"), 1);
  });
  it("MOD 97-10: two characters at once are the two steps, for every remainder and pair", () => {
    for (let r = 0; r < 97; r++) {
      for (let v = 0; v < 36; v++) {
        for (let w = 0; w < 36; w++) {
          const twoSteps = mod97_10Step(mod97_10Step(r, v), w);
          if (mod97_10Pair(r, v, w) !== twoSteps) assert.fail(`r=${r} v=${v} w=${w}`);
        }
      }
    }
  });
});

describe("urn:nbn:de check digit (DNB convention)", () => {
  it("matches the worked example urn:nbn:de:bvb:19-14664 → 2", () => {
    // 40-digit sequence ending in 5, weighted sum 3113, 3113 div 5 = 622 → 2
    assert.equal(nbnDeCheckDigit("urn:nbn:de:bvb:19-14664"), "2");
    assert.equal(nbnDeCheckDigit("URN:NBN:DE:BVB:19-14664"), "2", "computed on the lowercase URN");
  });
  it("is undefined when a character has no code", () => {
    assert.equal(nbnDeCheckDigit("urn:nbn:de:x.y-1"), undefined);
  });
});
