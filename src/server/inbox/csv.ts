/**
 * One CSV cell: quoted when it holds a quote, comma or line break; a cell that a spreadsheet
 * would read as a formula (starting with = + - @, or a tab or carriage return) gets a leading
 * apostrophe, so an exported message can never run as a formula on a staff member's computer.
 */
export function csvCell(value: string | null): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text.slice(0, 1))) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly (string | null)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
