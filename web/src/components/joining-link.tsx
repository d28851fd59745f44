import type { ReactNode } from 'react';
import { formatTimeWithZone } from '@/lib/format';

/**
 * An online session's joining link on an attendee's own page: the link from its starting-soon time
 * until the session ends, before then when it will show, otherwise `otherwise` (its place).
 */
export function JoiningLink({
  joinLink,
  joinLinkFrom,
  otherwise,
}: {
  joinLink: string | null;
  joinLinkFrom: string | null;
  otherwise: ReactNode;
}) {
  if (joinLink)
    return (
      <a href={joinLink} target="_blank" rel="noopener noreferrer" className="font-medium text-clay-dark underline">
        Join online
      </a>
    );
  if (joinLinkFrom)
    return <>Online: the joining link shows here from {formatTimeWithZone(joinLinkFrom)}, and comes to you by e-mail.</>;
  return <>{otherwise}</>;
}
