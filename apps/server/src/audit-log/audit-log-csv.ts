/**
 * CSV for people's spreadsheets. A cell a spreadsheet would run as a formula (starting with = + - @, or a tab or
 * carriage return that some strip before looking) gets a leading apostrophe (OWASP's CSV injection advice);
 * then any cell holding a comma, quote or line break is quoted, its quotes doubled (RFC 4180).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: (string | number | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;
