/**
 * The one CSV cell rule of the product: every CSV it writes (the help desk's inbox export on the
 * server, the Insights downloads in the console) goes through `csvCell`, so a fix reaches all.
 */

/** A field starting with one of these runs as a formula (OWASP's CSV injection list). */
const FORMULA_STARTERS = '=+-@\t\r';
/**
 * What a spreadsheet may split a line on: the file's comma, the semicolon that German, French and
 * other locales use as their list separator, the tab of tab-separated imports, and line breaks
 * (an importer that ignores quotes starts a new row there). A cell holding any of them is quoted.
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;
/**
 * After a separator (or the start of the cell): white space an importer may trim (tab and CR
 * included: they are separators too, so the apostrophe goes after them), then quote marks a
 * "text to columns" may take as a text qualifier (with spaces but no separator among them), then
 * a formula starter. The apostrophe goes before the quote marks, or before the starter if none.
 */
const STARTER_AFTER_SEPARATOR = /(^|[,;\t\r\n])([^\S\r\n]*)((?:"[^\S\t\r\n]*)*)([=+\-@])/g;

/**
 * Pure: one CSV cell, safe however a spreadsheet splits it (comma or semicolon locale, with or
 * without honouring quotes).
 *
 * - Quoted when it holds a quote, any separator of any locale (`,` `;` tab, line breaks) or
 *   leading or trailing space: a spreadsheet that honours quotes keeps it as one cell whatever its
 *   list separator is. A semicolon-locale spreadsheet reads a comma file's line as one cell per
 *   `;`, so the quoting alone is not enough there:
 * - a cell starting with a formula starter (= + - @ tab CR) gets a leading apostrophe, which
 *   spreadsheets read as "this is text";
 * - so does every part of the cell that would start a cell if the text were split on a separator
 *   anyway (a semicolon locale, an importer that ignores quotes, or a "split text to columns"
 *   afterwards): `/x;=1+1` becomes `/x;'=1+1`, `a;"=1` becomes `a;'"=1`. Such parts are rare in
 *   real text, and the apostrophe is the whole change.
 *
 * Numbers are written as they are (a negative number stays a number: only text is defused).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = value ?? '';
  if (text.length > 0 && FORMULA_STARTERS.includes(text[0]!)) text = `'${text}`;
  text = text.replace(STARTER_AFTER_SEPARATOR, "$1$2'$3$4");
  return NEEDS_QUOTES.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Pure: one CSV line (comma-separated, CRLF-terminated as RFC 4180 says). */
export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** Pure: a whole CSV document: the header line, then one line per row. */
export function csvDocument(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return [header, ...rows].map(csvRow).join('');
}
