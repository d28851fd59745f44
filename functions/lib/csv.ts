/**
 * A spreadsheet file (RFC 4180), written here rather than with a library: quoting cells is the
 * few lines below.
 */

const CRLF = '\r\n';
/** Excel reads a file as UTF-8 only when it starts with the byte order mark. */
const BYTE_ORDER_MARK = '\uFEFF';
/** A cell a spreadsheet would run as a formula (or whose first character it would drop): =, +, -, @, tab, carriage return. */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * One cell: quoted, its quotes doubled, and a text a spreadsheet would take for a formula
 * (OWASP's CSV injection) made plain text with a leading apostrophe.
 */
export function csvCell(value: string): string {
  const text = formulaStart.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/** Rows of cells as a CSV file: a heading row first, CRLF line ends, UTF-8 with its byte order mark. */
export function csvFile(rows: readonly (readonly string[])[]): string {
  return BYTE_ORDER_MARK + rows.map((row) => row.map(csvCell).join(',')).join(CRLF) + CRLF;
}

/** A route's answer that downloads the file under its name. */
export function csvDownload(file: { fileName: string; content: string }) {
  return {
    text: file.content,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file.fileName}"`,
    },
  };
}
