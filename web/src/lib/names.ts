/**
 * A full name as a form's first and last name. The parts the member gave at sign-up are used
 * when they still make up the name; otherwise the first word is the first name and the rest the
 * last ('Ana de la Cruz': 'Ana', 'de la Cruz'). Either way the member can change them.
 */
export function splitFullName(
  fullName: string | null | undefined,
  given?: { firstName?: string; lastName?: string },
): { firstName: string; lastName: string } {
  const name = (fullName ?? '').trim().replace(/\s+/g, ' ');
  const first = given?.firstName?.trim() ?? '';
  const last = given?.lastName?.trim() ?? '';
  if (first && last && name === `${first} ${last}`.replace(/\s+/g, ' ')) return { firstName: first, lastName: last };
  const space = name.indexOf(' ');
  if (space === -1) return { firstName: name, lastName: '' };
  return { firstName: name.slice(0, space), lastName: name.slice(space + 1) };
}
