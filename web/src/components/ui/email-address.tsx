import { Fragment } from 'react';

/**
 * An e-mail address that wraps where it reads well, after the '@' and before each dot, rather than
 * at any letter: a narrow table column then breaks 'mira.stone@' / 'example.com', not 'mira.sto' / 'ne@…'.
 * A part still too long for its box breaks inside as a last resort.
 */
export function EmailAddress({ email, className = '' }: { email: string; className?: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <span className={`break-words ${className}`}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
