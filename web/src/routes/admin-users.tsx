import { useState, type FormEvent } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { AdminUserRow } from '@schemas/admin-user';
import { Badge } from '@/components/ui/badge';
import { Button, ButtonLink } from '@/components/ui/button';
import { controlClass } from '@/components/ui/field';
import { LoadedList } from '@/components/ui/loaded-list';
import type { Column } from '@/components/ui/responsive-list';
import { usersQuery } from '@/features/admin/api/users';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDate } from '@/lib/format';
import { EmailText } from '@/components/ui/email-text';

/**
 * The columns (docs/product.md#admin-area): Name, Email, Status (always Active), Created,
 * Subscription (Free if empty), and View.
 */
const userColumns: Column<AdminUserRow>[] = [
  {
    header: 'Name',
    card: 'title',
    className: 'min-w-40',
    cell: (user) =>
      user.name ? <span className="font-medium">{user.name}</span> : <span className="text-muted">No name given</span>,
  },
  { header: 'Email', wide: true, cell: (user) => <EmailText email={user.email} className="" /> },
  { header: 'Status', card: 'corner', cell: (user) => <Badge tone="success">{user.status}</Badge> },
  { header: 'Created', className: 'whitespace-nowrap', cell: (user) => (user.createdAt ? formatDate(user.createdAt) : '—') },
  { header: 'Subscription', cell: (user) => user.subscriptionStatus || 'Free' },
  {
    header: 'Actions',
    card: 'actions',
    cell: (user) => (
      <ButtonLink to={`/admin/users/${user.id}`} variant="secondary" size="sm" aria-label={`View ${user.name ?? user.email}`}>
        View
      </ButtonLink>
    ),
  },
];

/** /admin/users: everyone, or people found by name or the start of their e-mail address, a page at a time. */
export function AdminUsersPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const [typed, setTyped] = useState(search);
  const users = useInfiniteQuery(usersQuery(search));
  useDocumentTitle('Users · Admin');
  const all = users.data?.pages.flatMap((page) => page.users) ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = typed.trim();
    setParams(text ? { q: text } : {}, { replace: true });
  };

  return (
    <section aria-labelledby="users-heading">
      <h1 id="users-heading" className="text-3xl md:text-4xl">
        Users
      </h1>
      <form role="search" onSubmit={submit} className="mt-6 flex max-w-xl flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor="user-search" className="text-sm font-medium">
            Search by name or email
          </label>
          <input
            id="user-search"
            type="search"
            value={typed}
            maxLength={100}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="e.g. Jane or jane@"
            className={`${controlClass} h-11`}
          />
        </div>
        <Button type="submit">Search</Button>
      </form>
      {search && (
        <p className="mt-3 text-sm text-muted" aria-live="polite">
          People whose name or email starts with “{search}”.{' '}
          <button
            type="button"
            className="font-medium text-clay-dark underline"
            onClick={() => {
              setTyped('');
              setParams({}, { replace: true });
            }}
          >
            Show everyone
          </button>
        </p>
      )}
      <div className="mt-6">
        <LoadedList
          query={users}
          items={all}
          rowKey={(user) => user.id}
          columns={userColumns}
          caption="Users"
          noun="users"
          empty={{ title: search ? `No users match “${search}”.` : 'No users yet.' }}
        />
      </div>
    </section>
  );
}
