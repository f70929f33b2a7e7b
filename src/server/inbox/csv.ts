/** A field starting with one of these runs as a formula (OWASP's CSV injection list). */
const FORMULA_STARTERS = '=+-@\t\r';
/**
 * What a spreadsheet may split a line on: the file's comma, the semicolon that German, French and
 * other locales use as their list separator, the tab of tab-separated imports, and line breaks
 * (an importer that ignores quotes starts a new row there). A cell holding any of them is quoted.
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;
// After a separator (or the start of the cell) and any white space an importer may trim, a
// formula starter; tab and CR count as the white space there, the starter is what gets the quote.
const STARTER_AFTER_SEPARATOR = /([,;\t\r\n][^\S\r\n]*)([=+\-@])/g;

/**
 * One CSV cell, safe however a spreadsheet splits it.
 *
 * - Quoted when it holds a quote, any separator of any locale (`,` `;` tab, line breaks) or
 *   leading or trailing space: a spreadsheet that honours quotes keeps it as one cell whatever its
 *   list separator is.
 * - A cell starting with a formula starter (= + - @ tab CR) gets a leading apostrophe, which
 *   spreadsheets read as "this is text".
 * - So does every part of the cell that would start a cell if the text were split on a separator
 *   anyway (an importer that ignores quotes, or a "split text to columns" afterwards): `a;=cmd`
 *   becomes `a;'=cmd`. Such parts are rare in messages, and the apostrophe is the whole change.
 */
export function csvCell(value: string | null): string {
  let text = value ?? '';
  if (text.length > 0 && FORMULA_STARTERS.includes(text[0]!)) text = `'${text}`;
  text = text.replace(STARTER_AFTER_SEPARATOR, "$1'$2");
  return NEEDS_QUOTES.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly (string | null)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
