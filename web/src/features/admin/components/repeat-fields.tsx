import type { FieldErrors, UseFormRegister, UseFormWatch } from 'react-hook-form';
import type { SeriesFormInput, SessionFormInput } from '@schemas/admin-session';
import {
  describeRepeat,
  MAX_SERIES_DATES,
  SeriesSchedule,
  seriesRefusal,
  seriesStarts,
  weekdays,
  type Weekday,
} from '@schemas/series';
import { controlClass, Labelled } from '@/components/ui/field';
import { useSiteSettings } from '@/lib/site-config';
import type { SessionFormValues } from './session-form';

/** A new session's 'Repeats' choices, as typed. */
export type RepeatValues = {
  repeat: 'none' | 'week' | 'month';
  repeatDays: Weekday[];
  monthWeek: string;
  ends: 'count' | 'until';
  count: string;
  until: string;
};
export const noRepeat: RepeatValues = { repeat: 'none', repeatDays: [], monthWeek: '1', ends: 'count', count: '12', until: '' };

type Typed = RepeatValues & { startTime: string };
type Form = SessionFormValues;

const dayLabels: Record<Weekday, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };
const weekLabels = ['First', 'Second', 'Third', 'Fourth', 'Fifth'];

/** A date of the series as the teacher reads it: 'Tue, Jan 5, 2027, 7:00 PM GMT', whatever the admin's own zone. */
const inTeachersZone = (start: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(start));

/** The weekday of a datetime-local value's date. */
const weekdayOf = (start: string): Weekday | undefined =>
  start ? weekdays[(new Date(`${start.slice(0, 10)}T12:00:00Z`).getUTCDay() + 6) % 7] : undefined;

/** The rule the choices give, from the start typed (its date and its time of day, in the teacher's zone). */
function scheduleOf(values: Typed): SeriesFormInput['schedule'] {
  return {
    firstDate: values.startTime.slice(0, 10),
    time: values.startTime.slice(11, 16),
    repeat:
      values.repeat === 'month'
        ? { every: 'month', week: Number(values.monthWeek), day: weekdayOf(values.startTime) ?? 'mon' }
        : { every: 'week', days: values.repeatDays.length ? values.repeatDays : [weekdayOf(values.startTime) ?? 'mon'] },
    ends: values.ends === 'until' ? { until: values.until } : { count: values.count.trim() === '' ? NaN : Number(values.count) },
  };
}

/** What 'Create Series' sends: the session's fields but its start, and the rule. */
export function toSeriesInput(input: SessionFormInput, values: Typed): SeriesFormInput {
  const { startTime: _start, ...session } = input;
  return { session, schedule: scheduleOf(values) };
}

/** The form's field an issue of the session or series schema belongs to. */
export function fieldOfIssue(path: readonly PropertyKey[]): keyof Typed | keyof SessionFormInput {
  const [first, second, third] = path.map(String);
  if (first === 'schedule') {
    if (second === 'firstDate' || second === 'time') return 'startTime';
    if (second === 'repeat') return third === 'week' ? 'monthWeek' : 'repeatDays';
    return third === 'until' ? 'until' : 'count';
  }
  return (first === 'session' ? second : first) as keyof SessionFormInput;
}

/**
 * 'Repeats', for a new session: weekly on chosen days or monthly on the nth weekday of its start,
 * until a date or for a number of dates; the dates it gives are listed as they will be made, at the
 * start's time of day in the teacher's zone.
 */
export function RepeatFields({
  register,
  watch,
  errors,
}: {
  register: UseFormRegister<Form>;
  watch: UseFormWatch<Form>;
  errors: FieldErrors<Form>;
}) {
  const values = watch();
  const timeZone = useSiteSettings()?.timeZone;
  const repeats = (
    <Labelled label="Repeats" id="session-repeat">
      <select id="session-repeat" className={`h-11 ${controlClass}`} {...register('repeat')}>
        <option value="none">Does not repeat</option>
        <option value="week">Weekly</option>
        <option value="month">Monthly</option>
      </select>
    </Labelled>
  );
  if (values.repeat === 'none') return repeats;
  const day = weekdayOf(values.startTime);
  const parsed = SeriesSchedule.safeParse(scheduleOf(values));
  const starts = parsed.success && timeZone ? seriesStarts(parsed.data, timeZone) : [];
  const problem = parsed.success && timeZone ? seriesRefusal(starts) : undefined;
  return (
    <div className="flex flex-col gap-5 rounded-xl bg-sand/60 p-4">
      {repeats}
      {values.repeat === 'week' ? (
        <fieldset>
          <legend className="mb-2 text-sm font-medium">On (the start&apos;s day unless you choose)</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {weekdays.map((weekday) => (
              <label key={weekday} className="flex items-center gap-2 text-sm">
                <input type="checkbox" value={weekday} className="size-4 accent-clay" {...register('repeatDays')} />
                {dayLabels[weekday]}
              </label>
            ))}
          </div>
          {errors.repeatDays?.message && (
            <p role="alert" className="mt-1 text-sm text-[#a23b22]">
              {errors.repeatDays.message}
            </p>
          )}
        </fieldset>
      ) : (
        <Labelled
          label={`Which ${day ? dayLabels[day] : 'day'} of the month`}
          id="session-monthWeek"
          error={errors.monthWeek?.message}
        >
          <select id="session-monthWeek" className={`h-11 ${controlClass}`} {...register('monthWeek')}>
            {weekLabels.map((label, index) => (
              <option key={label} value={String(index + 1)}>
                {label}
              </option>
            ))}
          </select>
        </Labelled>
      )}
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">Ends</legend>
        <label className="flex flex-wrap items-center gap-2 text-sm">
          <input type="radio" value="count" className="size-4 accent-clay" {...register('ends')} />
          After
          <input
            type="number"
            min={1}
            max={MAX_SERIES_DATES}
            aria-label="Number of dates"
            aria-invalid={errors.count ? true : undefined}
            className={`h-9 w-20 ${controlClass}`}
            {...register('count')}
          />
          dates
        </label>
        <label className="flex flex-wrap items-center gap-2 text-sm">
          <input type="radio" value="until" className="size-4 accent-clay" {...register('ends')} />
          On
          <input
            type="date"
            aria-label="Last date"
            aria-invalid={errors.until ? true : undefined}
            className={`h-9 ${controlClass}`}
            {...register('until')}
          />
        </label>
        {(errors.count?.message ?? errors.until?.message ?? problem) && (
          <p role="alert" className="text-sm text-[#a23b22]">
            {errors.count?.message ?? errors.until?.message ?? problem}
          </p>
        )}
      </fieldset>
      {starts.length > 0 && !problem && (
        <div>
          <p className="text-sm font-medium">
            {describeRepeat(parsed.success ? parsed.data.repeat : { every: 'week', days: ['mon'] })}: {starts.length}{' '}
            {starts.length === 1 ? 'date' : 'dates'}, each a session of its own, at {values.startTime.slice(11, 16)} in {timeZone}
          </p>
          <ol aria-label="Dates of the series" className="mt-2 grid gap-1 text-sm text-muted sm:grid-cols-2">
            {starts.map((start) => (
              <li key={start}>{inTeachersZone(start, timeZone!)}</li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
