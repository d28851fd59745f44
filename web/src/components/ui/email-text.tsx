import { Fragment } from 'react';
import { emailWrapPoints } from '@/lib/format';

/**
 * An address that wraps where it reads well, after its '@' and before each dot, rather than inside a
 * word: a narrow table column breaks 'mira.stone@' / 'example.com', not 'mira.sto' / 'ne@…'. A part
 * still too long for its box breaks inside as a last resort.
 */
export function EmailText({ email, className = 'text-muted' }: { email: string; className?: string }) {
  return (
    <span className={`break-words ${className}`}>
      {emailWrapPoints(email).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
