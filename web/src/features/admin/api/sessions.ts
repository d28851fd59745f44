import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminAttendeePage,
  AdminSessionDetail,
  AdminSessionList,
  AdminSessionView,
  AttendeeMessage,
  AttendeeMessageReceipt,
  CancellationPreview,
  ManualBookingReceipt,
  SeriesFormInput,
  SeriesReceipt,
  SessionCancellationReceipt,
  SessionFormInput,
} from '@schemas/admin-session';
import type { AdminWaitlist } from '@schemas/waitlist';
import type { Attendance, CancellationReceipt, ManualBookingRequest } from '@schemas/booking';
import { apiDelete, apiDownload, apiGet, apiPost, apiPut } from '@/lib/api';
import { queryRoots } from '@/lib/query-keys';
import { adminKeys } from './admin-keys';

const sessionPath = (id: string) => `/admin/sessions/${encodeURIComponent(id)}`;

export const adminSessionsQuery = (when: 'upcoming' | 'past') =>
  queryOptions({
    queryKey: adminKeys.sessions(when),
    queryFn: () => apiGet<AdminSessionList>(`/admin/sessions?when=${when}`),
  });

export const adminSessionQuery = (id: string) =>
  queryOptions({ queryKey: adminKeys.session(id), queryFn: () => apiGet<AdminSessionDetail>(sessionPath(id)) });

export const attendeesQuery = (id: string) =>
  queryOptions({
    queryKey: [...adminKeys.session(id), 'attendees'],
    queryFn: () => apiGet<AdminAttendeePage>(`${sessionPath(id)}/attendees?limit=100`),
  });

export const waitlistQuery = (id: string) =>
  queryOptions({
    queryKey: [...adminKeys.session(id), 'waitlist'],
    queryFn: () => apiGet<AdminWaitlist>(`${sessionPath(id)}/waitlist`),
  });

/** What 'Cancel session' would end, read as its dialog opens. */
export const cancellationQuery = (id: string) =>
  queryOptions({
    queryKey: [...adminKeys.session(id), 'cancellation'],
    queryFn: () => apiGet<CancellationPreview>(`${sessionPath(id)}/cancellation`),
    staleTime: 0,
  });

/** Export CSV: every attendee of the session, downloaded as a spreadsheet file. */
export const downloadAttendees = (id: string) => apiDownload(`${sessionPath(id)}/attendees.csv`, 'attendees.csv');

const FOLLOW_UP_REFETCH_MS = 500;

/** Every change to the schedule: the admin's lists and the public ones are read again. */
export function useSessionChanges() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.all }),
      queryClient.invalidateQueries({ queryKey: queryRoots.sessions }),
    ]);
  return {
    save: useMutation({
      mutationFn: ({ id, form, draft = false }: { id?: string; form: SessionFormInput; draft?: boolean }) =>
        id
          ? apiPut<AdminSessionView>(sessionPath(id), form)
          : apiPost<AdminSessionView>(`/admin/sessions${draft ? '?draft=true' : ''}`, form),
      onSuccess: () => {
        // The follow-up read 500 ms later (docs/product.md#formats-and-limits): what an update sets off (seats added while people
        // wait are offered by a consumer) shows once it has happened.
        setTimeout(() => void refresh(), FOLLOW_UP_REFETCH_MS);
        return refresh();
      },
    }),
    createSeries: useMutation({
      mutationFn: ({ form, draft }: { form: SeriesFormInput; draft: boolean }) =>
        apiPost<SeriesReceipt>(`/admin/series${draft ? '?draft=true' : ''}`, form),
      onSuccess: refresh,
    }),
    publish: useMutation({
      mutationFn: (id: string) => apiPost<AdminSessionView>(`${sessionPath(id)}/publish`, {}),
      onSuccess: refresh,
    }),
    duplicate: useMutation({
      mutationFn: (id: string) => apiPost<AdminSessionView>(`${sessionPath(id)}/duplicate`, {}),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => apiDelete(sessionPath(id)), onSuccess: refresh }),
    removeAttendee: useMutation({
      mutationFn: ({ id, bookingId }: { id: string; bookingId: string }) =>
        apiDelete<CancellationReceipt>(`${sessionPath(id)}/attendees/${encodeURIComponent(bookingId)}`),
      onSuccess: refresh,
    }),
    message: useMutation({
      mutationFn: ({ id, message }: { id: string; message: AttendeeMessage }) =>
        apiPost<AttendeeMessageReceipt>(`${sessionPath(id)}/message`, message),
      // The session's history shows the message.
      onSuccess: (_, { id }) => queryClient.invalidateQueries({ queryKey: adminKeys.session(id) }),
    }),
    cancel: useMutation({
      mutationFn: ({ id, message }: { id: string; message: string }) =>
        apiPost<SessionCancellationReceipt>(`${sessionPath(id)}/cancel`, { message }),
      onSuccess: () => {
        // Its bookings and places are ended by a consumer just after: read again once they are.
        setTimeout(() => void refresh(), FOLLOW_UP_REFETCH_MS);
        return refresh();
      },
    }),
    addAttendee: useMutation({
      mutationFn: ({ id, booking }: { id: string; booking: ManualBookingRequest }) =>
        apiPost<ManualBookingReceipt>(`${sessionPath(id)}/attendees`, booking),
      onSuccess: refresh,
    }),
    markAttendance: useMutation({
      mutationFn: ({ id, bookingId, attendance }: { id: string; bookingId: string; attendance: Attendance | null }) =>
        apiPut<{ attendance: Attendance | null }>(`${sessionPath(id)}/attendees/${encodeURIComponent(bookingId)}/attendance`, {
          attendance,
        }),
      // The check-in list reads the marks again; the overview's figures with them.
      onSuccess: (_, { id }) =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: adminKeys.session(id) }),
          queryClient.invalidateQueries({ queryKey: adminKeys.overview }),
        ]),
    }),
    removePlace: useMutation({
      mutationFn: ({ id, entryId }: { id: string; entryId: string }) =>
        apiDelete(`${sessionPath(id)}/waitlist/${encodeURIComponent(entryId)}`),
      onSuccess: refresh,
    }),
  };
}
