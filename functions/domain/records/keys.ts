// The keys of the table's items, apart from the modules of the items, so that a module that
// builds a transaction item for a booking (its lifecycle) needs no more of the booking's record.

export const bookingKey = (id: string) => ({ pk: `BOOKING#${id}`, sk: 'BOOKING' });
