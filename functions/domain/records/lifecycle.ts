import { tableName } from '../../lib/table';

// What the lifecycles of bookings and purchases share: a transition is one conditional update
// of the item's `state`, refused unless the item is still in a state the transition starts from.

/** A named move of an item's state: the states it starts from (none for a first write) and where it goes. */
export type StateTransition<State extends string> = { from: readonly State[]; to: State };

/** What else the transition's update writes and removes, and an extra condition over the named values. */
export type TransitionChange = {
  set?: Record<string, unknown>;
  remove?: readonly string[];
  when?: { condition: string; values: Record<string, unknown> };
};

/**
 * The conditional update that moves the item at `key` along `transition`: its state set to the
 * target on condition that it is in one of the start states (and `when`), with `set` and
 * `remove` written in the same update and `stateChangedAt` stamped. The refusal of this item
 * means the item was no longer where the caller read it.
 */
export function stateUpdate<State extends string>(
  transition: StateTransition<State>,
  key: { pk: string; sk: string },
  now: Date,
  change: TransitionChange = {},
) {
  const sets = Object.entries({ ...change.set, stateChangedAt: now.toISOString() });
  const from = transition.from.map((_, i) => `:from${i}`);
  const condition = `#state IN (${from.join(', ')})`;
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: [
        `SET #state = :to, ${sets.map(([field]) => `#${field} = :${field}`).join(', ')}`,
        change.remove?.length ? `REMOVE ${change.remove.map((field) => `#${field}`).join(', ')}` : '',
      ]
        .join(' ')
        .trim(),
      ConditionExpression: change.when ? `${condition} AND (${change.when.condition})` : condition,
      ExpressionAttributeNames: Object.fromEntries(
        ['state', ...sets.map(([field]) => field), ...(change.remove ?? [])].map((field) => [`#${field}`, field]),
      ),
      ExpressionAttributeValues: {
        ':to': transition.to,
        ...Object.fromEntries(transition.from.map((state, i) => [`:from${i}`, state])),
        ...Object.fromEntries(sets.map(([field, value]) => [`:${field}`, value])),
        ...change.when?.values,
      },
    },
  };
}

/** A transaction item that only checks the item at `key` is still in one of `states`. */
export function stateCheckOf<State extends string>(key: { pk: string; sk: string }, states: readonly State[]) {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: key,
      ConditionExpression: `#state IN (${states.map((_, i) => `:state${i}`).join(', ')})`,
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: Object.fromEntries(states.map((state, i) => [`:state${i}`, state])),
    },
  };
}
