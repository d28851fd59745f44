/**
 * The From header: the sender's name, then the address. A name of printable ASCII is a quoted
 * string (RFC 5322); any other is a MIME encoded-word (RFC 2047), as SES asks.
 */
export function sender(name: string, address: string): string {
  const display = /^[\x20-\x7E]*$/.test(name)
    ? `"${name.replace(/[\\"]/g, (c) => `\\${c}`)}"`
    : `=?UTF-8?B?${Buffer.from(name, 'utf8').toString('base64')}?=`;
  return `${display} <${address}>`;
}
