// The GS1 check digit (GS1 General Specifications §7.9.1, as EPC Tag Data Standard conversions
// use it for GTIN-14, SSCC-18 and GLN-13): the data digits weighted 3, 1, 3, … from the right,
// the digit that brings the sum to a multiple of 10. Any length: the weights start at the right.

/** The check digit for `digits` (decimal digits only, the check digit not included). */
export function gs1CheckDigit(digits: string): string {
  let sum = 0;
  for (let i = digits.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) {
    sum += weight * (digits.charCodeAt(i) - 48);
  }
  return String((10 - (sum % 10)) % 10);
}
