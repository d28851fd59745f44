import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/features/dashboard/components/booking-list';
import { recordingsQuery } from '@/features/recordings/api/recordings';
import { RecordingCard, RecordingGridSkeleton } from '@/features/recordings/components/recording-card';
import { useActingMember, useSignIn } from '@/features/auth/sign-in';
import { PackageOffer } from '@/features/purchases/components/package-offer';
import { useSiteLinks } from '@/app/links';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /birth-recordings: the hero, the package's purchase banner (and the return from its checkout), the
 * recordings by their order with each one's badge, and the related services.
 */
export function BirthRecordingsPage() {
  useDocumentTitle('Birth Recordings');
  const auth = useSignIn();
  const member = useActingMember(auth);
  const userId = member?.id;
  const buyer = member && { id: member.id, email: member.email, name: member.name };
  const recordings = useQuery({ ...recordingsQuery(userId), enabled: auth.status !== 'loading' });

  return (
    <>
      <section className="mx-auto max-w-6xl px-4 pb-10 pt-12 md:px-6 md:pt-20">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-clay-dark">Birth breathwork recordings</p>
        <h1 className="mt-4 max-w-3xl text-4xl leading-tight text-ink md:text-6xl">Breathe your baby into the world.</h1>
        <p className="mt-5 max-w-2xl text-lg text-muted">
          Guided recordings to practise at home through pregnancy, to take with you into labour, and to return to in the first
          weeks after birth. Start with the free recordings; the package unlocks every recording, for life.
        </p>
      </section>

      <div className="mx-auto max-w-6xl px-4 pb-12 md:px-6">
        <PackageOffer buyer={buyer} signedOut={auth.status === 'signed-out'} />
      </div>

      <section aria-labelledby="library-heading" className="mx-auto max-w-6xl px-4 pb-16 md:px-6">
        <h2 id="library-heading" className="mb-5 text-sm font-semibold tracking-[0.2em] text-muted">
          THE RECORDINGS
        </h2>
        {recordings.isPending ? (
          <RecordingGridSkeleton label="Loading the recordings" />
        ) : recordings.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl bg-white p-6 text-muted">
            <p>The recordings could not be loaded just now.</p>
            <Button variant="secondary" size="sm" onClick={() => void recordings.refetch()}>
              Try again
            </Button>
          </div>
        ) : recordings.data.length === 0 ? (
          <EmptyState message="No recordings yet. Check back soon." />
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {recordings.data.map((recording) => (
              <RecordingCard key={recording.id} recording={recording} />
            ))}
          </ul>
        )}
      </section>

      <RelatedServices />
    </>
  );
}

/**
 * The teacher's other offerings: the live schedule and the learning resources here, and the birth
 * work on the marketing site, or a way to ask the teacher, when the site's settings name them.
 */
function RelatedServices() {
  const { offerings, contact } = useSiteLinks();
  const birth = offerings.find((offering) => offering.label === 'Birth');
  const services = [
    {
      title: 'Live breathwork sessions',
      text: 'Breathe with the group, online or in person, including our monthly live session on the first Tuesday of each month.',
      link: <Link to="/#schedule">See the schedule</Link>,
    },
    {
      title: 'Learning resources',
      text: 'Short guides and videos to deepen your practice between sessions.',
      link: <Link to="/resources">Browse resources</Link>,
    },
    ...(birth
      ? [
          {
            title: 'Birth preparation with the teacher',
            text: 'One-to-one and small-group birth breathwork, for you and your birth partner.',
            link: <a href={birth.href}>About birth breathwork</a>,
          },
        ]
      : contact
        ? [
            {
              title: 'Ask about birth preparation',
              text: 'One-to-one and small-group birth breathwork, for you and your birth partner. Write to the teacher.',
              link: <a href={contact}>Get in touch</a>,
            },
          ]
        : []),
  ];
  return (
    <section aria-labelledby="related-heading" className="bg-sand/70">
      <div className="mx-auto max-w-6xl px-4 py-14 md:px-6">
        <h2 id="related-heading" className="text-3xl">
          Related Services
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {services.map((service) => (
            <li key={service.title} className="flex flex-col gap-2 rounded-2xl bg-white p-6 shadow-sm">
              <h3 className="text-xl">{service.title}</h3>
              <p className="flex-1 text-sm text-muted">{service.text}</p>
              <span className="mt-2 text-sm font-medium text-clay-dark underline-offset-4 hover:underline">
                {service.link} <span aria-hidden="true">→</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
