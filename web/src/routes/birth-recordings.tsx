import { useAuthSession } from '@/features/auth/session';
import { PackageOffer } from '@/features/purchases/components/package-offer';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /birth-recordings: the recordings library, with the package's purchase banner. */
export function BirthRecordingsPage() {
  const auth = useAuthSession();
  useDocumentTitle('Birth Recordings');
  const buyer = auth.status === 'signed-in' ? { id: auth.user.id, email: auth.user.email, name: auth.user.name } : undefined;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:py-16">
      <div className="max-w-2xl">
        <p className="text-xs font-semibold uppercase tracking-[0.18em] text-clay">Recordings library</p>
        <h1 className="mt-2 text-4xl md:text-5xl">Birth Breathwork Recordings</h1>
        <p className="mt-4 text-lg text-muted">
          Guided breathing for pregnancy, labour and the first weeks after, to return to whenever you need it.
        </p>
      </div>
      <div className="mt-10">
        <PackageOffer buyer={buyer} signedOut={auth.status === 'signed-out'} />
      </div>
    </div>
  );
}
