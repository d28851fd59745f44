/**
 * The From header: the sender's name, then the address, written as Cognito's own mail writes it
 * (aws-cdk-lib's UserPoolEmail): a phrase of plain words as it is, other printable ASCII as a
 * quoted string (RFC 5322), anything else as a MIME encoded-word (RFC 2047).
 */
export function sender(name: string, address: string): string {
  let display: string;
  if (!/^[\x20-\x7E]+$/.test(name)) display = `=?UTF-8?B?${Buffer.from(name, 'utf8').toString('base64')}?=`;
  else if (/^[\w !#$%&'*+\-/=?^`{|}~]+$/.test(name)) display = name;
  else display = `"${name.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  return `${display} <${address}>`;
}
