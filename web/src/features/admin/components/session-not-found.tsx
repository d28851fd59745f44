import { ButtonLink } from '@/components/ui/button';

/** An admin page of a session that does not exist (deleted, or a wrong address): the way back to the schedule. */
export function SessionNotFound() {
  return (
    <section className="py-16 text-center">
      <h1 className="text-3xl">Session not found</h1>
      <ButtonLink to="/admin/sessions" className="mt-6">
        Back to sessions
      </ButtonLink>
    </section>
  );
}
