// The events and the requests price in the same currencies: the list is the event catalogue's.
export { currencies, type Currency, type Money } from '../../events/money';
