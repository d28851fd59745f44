import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '@/components/ui/toast';
import { resourceMessages, type AdminResource, type ResourceFormInput } from '@schemas/resource';
import { formatMoney } from '@schemas/currency';
import { ButtonLink } from '@/components/ui/button';
import { LoadedList } from '@/components/ui/loaded-list';
import type { Column } from '@/components/ui/responsive-list';
import { Skeleton } from '@/components/ui/skeleton';
import { adminResourceQuery, adminResourcesQuery, useSaveResource } from '@/features/admin/api/resources';
import { ResourceFormView, type SaveOutcome } from '@/features/admin/components/resource-form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDate } from '@/lib/format';

const priceText = (resource: AdminResource) => (resource.price ? formatMoney(resource.price) : '—');

/** /admin/resources: 'Manage Resources', newest first, each opened for editing. */
export function AdminResourcesPage() {
  const resources = useQuery(adminResourcesQuery());
  useDocumentTitle('Resources · Admin');
  const all = resources.data?.resources ?? [];
  return (
    <section aria-labelledby="resources-heading">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="resources-heading" className="text-3xl md:text-4xl">
          Manage Resources
        </h1>
        <ButtonLink to="/admin/resources/new">Create New Resource</ButtonLink>
      </div>
      <div className="mt-6">
        <LoadedList
          query={resources}
          items={all}
          rowKey={(resource) => resource.id}
          columns={columns}
          caption="Resources, newest first"
          noun="resources"
          empty={{
            title: resourceMessages.empty,
            detail: 'Create a resource to share videos and notes with visitors on the Resources page.',
          }}
        />
      </div>
    </section>
  );
}

/** The columns of docs/product.md#admin-area: Title, Category, Price, Created and Actions with Edit. */
const columns: Column<AdminResource>[] = [
  {
    header: 'Title',
    card: 'title',
    cell: (resource) => (
      <span className="flex flex-col">
        <span className="font-semibold">{resource.title}</span>
        <span className="text-xs text-muted">
          {resource.videos.length === 1 ? '1 video' : `${resource.videos.length} videos`}
        </span>
      </span>
    ),
  },
  { header: 'Category', cell: (resource) => resource.category ?? '—' },
  { header: 'Price', className: 'tabular-nums whitespace-nowrap', cell: priceText },
  { header: 'Created', className: 'whitespace-nowrap', cell: (resource) => formatDate(resource.createdAt) },
  {
    header: 'Actions',
    card: 'actions',
    cell: (resource) => (
      <ButtonLink to={`/admin/resources/${resource.id}/edit`} variant="secondary" size="sm" aria-label={`Edit ${resource.title}`}>
        Edit
      </ButtonLink>
    ),
  },
];

function BackToResources() {
  return (
    <Link to="/admin/resources" className="text-sm font-medium text-muted hover:text-clay-dark">
      ← Back to resources
    </Link>
  );
}

/** Saves the form; the toasts of docs/product.md#toasts, with the warning when a chosen video could not be uploaded. */
function useSaveResourceForm(id?: string) {
  const navigate = useNavigate();
  const save = useSaveResource();
  return async (form: ResourceFormInput, { videosFailed }: SaveOutcome) => {
    try {
      await save.mutateAsync({ id, form });
    } catch {
      toast.error('Error', { description: resourceMessages.saveFailed });
      return;
    }
    if (videosFailed) toast.warning(id ? resourceMessages.updatedWithFailedVideos : resourceMessages.createdWithFailedVideos);
    else toast.success(id ? resourceMessages.updated : resourceMessages.created);
    void navigate('/admin/resources');
  };
}

/** /admin/resources/new */
export function AdminResourceCreatePage() {
  const navigate = useNavigate();
  const onSave = useSaveResourceForm();
  useDocumentTitle('New resource · Admin');
  return (
    <section className="max-w-3xl">
      <BackToResources />
      <h1 className="mt-4 text-3xl md:text-4xl">Create New Resource</h1>
      <div className="mt-6">
        <ResourceFormView onSave={onSave} onCancel={() => void navigate('/admin/resources')} />
      </div>
    </section>
  );
}

/** /admin/resources/:id/edit */
export function AdminResourceEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, isLoading } = useQuery(adminResourceQuery(id));
  const onSave = useSaveResourceForm(id);
  useDocumentTitle(data ? `Edit ${data.title} · Admin` : 'Edit resource · Admin');
  if (isLoading) {
    return (
      <div aria-busy="true" aria-label="Loading the resource" className="max-w-3xl">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="mt-4 h-10 w-72" />
        <Skeleton className="mt-6 h-64 w-full rounded-2xl" />
      </div>
    );
  }
  if (!data) {
    return (
      <section className="max-w-3xl">
        <BackToResources />
        <h1 className="mt-4 text-3xl">Resource not found</h1>
      </section>
    );
  }
  return (
    <section className="max-w-3xl">
      <BackToResources />
      <h1 className="mt-4 text-3xl md:text-4xl">Edit Resource</h1>
      <div className="mt-6">
        <ResourceFormView resource={data} onSave={onSave} onCancel={() => void navigate('/admin/resources')} />
      </div>
    </section>
  );
}
