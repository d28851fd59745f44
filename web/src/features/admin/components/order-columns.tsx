import type { AdminOrder } from '@schemas/order';
import type { PaymentStatus } from '@schemas/booking';
import { formatMoney } from '@schemas/currency';
import { Badge } from '@/components/ui/badge';
import { EmailText } from '@/components/ui/email-text';
import { DateTimeCell, type Column } from '@/components/ui/responsive-list';
import { formatDate } from '@/lib/format';
import { OrderActions, type OrderDialogs } from './order-actions';

/** The product's badge colours: paid or completed green, pending yellow, cancelled or failed red, free blue, else grey. */
const paymentTone: Partial<Record<PaymentStatus, 'success' | 'warning' | 'danger' | 'info'>> = {
  paid: 'success',
  completed: 'success',
  pending: 'warning',
  cancelled: 'danger',
  failed: 'danger',
  free: 'info',
};

/** How a booking the administrator entered was paid, under its amount. */
export const paidByText = {
  cash: 'Paid in cash',
  bank_transfer: 'Paid by bank transfer',
  complimentary: 'Complimentary',
} as const;

/** The product's order columns: Date, Customer, Item, Amount, Status and Actions. */
export function orderColumns(dialogs: OrderDialogs): Column<AdminOrder>[] {
  return [
    { header: 'Date', cell: (order) => <DateTimeCell iso={order.createdAt} /> },
    {
      header: 'Customer',
      card: 'title',
      className: 'min-w-52',
      cell: (order) => (
        <>
          <span className="block font-medium">{order.name}</span>
          <EmailText email={order.email} className="block text-sm text-muted" />
        </>
      ),
    },
    {
      header: 'Item',
      className: 'min-w-40',
      cell: (order) => (
        <>
          {order.title}
          <span className="block whitespace-nowrap text-muted">
            {order.session ? formatDate(order.session.startTime) : 'Lifetime access'}
          </span>
        </>
      ),
    },
    {
      header: 'Amount',
      className: 'whitespace-nowrap tabular-nums',
      cell: (order) => (
        <>
          {order.price.amount > 0 ? formatMoney(order.price) : 'Free'}
          {order.discountCode && <span className="block text-muted">code {order.discountCode}</span>}
          {order.paidBy && <span className="block text-muted">{paidByText[order.paidBy]}</span>}
        </>
      ),
    },
    {
      header: 'Status',
      card: 'corner',
      cell: (order) => <Badge tone={paymentTone[order.paymentStatus] ?? 'neutral'}>{order.paymentStatus}</Badge>,
    },
    { header: 'Actions', card: 'actions', cell: (order) => <OrderActions order={order} {...dialogs} /> },
  ];
}
