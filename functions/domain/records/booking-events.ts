import { outboxEvent } from '../../outbox/outbox';
import type { EventDetail, EventType } from '../../../events/catalogue';
import { transitions, type Transition, type TransitionName } from './booking-lifecycle';

// Apart from the lifecycle's table, so that what only reads bookings (their views, the one
// seat rule) does not bundle the event catalogue and its schemas.

/** The event a transition writes, with the detail it must carry. */
type EventOf<N extends TransitionName> = (typeof transitions)[N] extends { event: infer E extends EventType } ? E : never;

/** The outbox item of the event `name` writes, for the same transaction as the booking's change. */
export function transitionEvent<N extends TransitionName>(name: N, detail: EventDetail<EventOf<N>>, now: Date) {
  const { event } = transitions[name] as Transition;
  if (!event) throw new Error(`The transition ${name} writes no event`);
  return outboxEvent(event as EventOf<N>, detail, now);
}
