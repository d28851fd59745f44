/** An address that breaks, when it must, before its '@' rather than inside a word. */
export function EmailText({ email, className = 'text-muted' }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span className={`break-words ${className}`}>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}
