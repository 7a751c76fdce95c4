/**
 * The characters that make a spreadsheet take a cell for a formula (OWASP, "CSV Injection"): `=`,
 * `+`, `-`, `@`, and a tab or carriage return in front of them. A name or unit imported as
 * `=HYPERLINK(…)` or `+1+2` would be evaluated once an export is copied into CSV or re-saved.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** What neutraliseFormulaText made: the apostrophe in front of a formula start. */
const NEUTRALISED = /^'[=+\-@\t\r]/;

/**
 * A leading apostrophe before a text that a spreadsheet would evaluate, as OWASP advises. The value
 * stays readable (`'=HYPERLINK(…)`), and the upload readers take the apostrophe off again
 * (restoreNeutralisedText), so that the nice Excel still reads back as it was written.
 */
export function neutraliseFormulaText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The reverse of neutraliseFormulaText, for a workbook the product exported and gets back. */
export function restoreNeutralisedText(text: string): string {
  return NEUTRALISED.test(text) ? text.slice(1) : text;
}
