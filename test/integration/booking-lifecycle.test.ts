import { describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamo } from '../../functions/lib/aws';
import { tableName } from '../../functions/lib/table';
import { transactNamed } from '../../functions/lib/transactions';
import { bookingKey } from '../../functions/domain/records/keys';
import { getBooking } from '../../functions/domain/records/bookings';
import {
  transitions,
  transitionUpdate,
  type BookingState,
  type TransitionName,
} from '../../functions/domain/records/booking-lifecycle';

const states: BookingState[] = ['held', 'unconfirmed', 'confirmed', 'released', 'cancelled', 'refunded'];
const moves = (Object.keys(transitions) as TransitionName[]).filter(
  (name): name is Exclude<TransitionName, 'book' | 'hold' | 'reserve'> => transitions[name].from.length > 0,
);

/** A booking in `state`, as the table holds it, with nothing else around it. */
async function bookingIn(state: BookingState) {
  const id = ulid();
  await dynamo.send(new PutCommand({ TableName: tableName(), Item: { ...bookingKey(id), type: 'Booking', id, state } }));
  return id;
}

describe('the booking lifecycle on the table', () => {
  it.each(moves)('moves a booking along %s only from the states it starts from', async (name) => {
    const now = new Date();
    for (const state of states) {
      const id = await bookingIn(state);
      const refusal = await transactNamed({ booking: transitionUpdate(name, id, now) });
      const allowed = (transitions[name].from as readonly BookingState[]).includes(state);
      expect({ from: state, moved: !refusal }).toEqual({ from: state, moved: allowed });
      expect((await getBooking(id, { consistent: true }))?.state).toBe(allowed ? transitions[name].to : state);
    }
  });
});
