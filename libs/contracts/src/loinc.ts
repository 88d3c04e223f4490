/**
 * LOINC codes (https://loinc.org): a number of up to seven digits, a hyphen and a mod-10 check digit, e.g.
 * 2345-7 (Glucose). The check digit is LOINC's "Mod 10" (the Luhn scheme): from the right, every other digit
 * starting with the last is doubled, the digits of the results and of the others are summed, and the check
 * digit brings the sum up to the next multiple of ten.
 */
export const LOINC_CODE_PATTERN = /^(\d{1,7})-(\d)$/;

/** The check digit of a LOINC number without its check digit ("2345" → 7). */
export function loincCheckDigit(number: string): number {
  if (!/^\d{1,7}$/.test(number)) throw new RangeError(`not a LOINC number: ${number}`);
  let sum = 0;
  [...number].reverse().forEach((character, index) => {
    const digit = Number(character);
    const weighted = index % 2 === 0 ? digit * 2 : digit;
    sum += Math.floor(weighted / 10) + (weighted % 10);
  });
  return (10 - (sum % 10)) % 10;
}

/** Whether a text is a LOINC code: the pattern, with the right check digit. */
export function isLoincCode(code: string): boolean {
  const match = LOINC_CODE_PATTERN.exec(code);
  return match !== null && loincCheckDigit(match[1]!) === Number(match[2]);
}
