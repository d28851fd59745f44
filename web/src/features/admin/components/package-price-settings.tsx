import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/components/ui/toast';
import * as z from 'zod/mini';
import { PackagePriceForm, type AdminPackagePrice } from '@schemas/package-price';
import { formatMoney } from '@schemas/currency';
import { currencies, type Currency } from '@schemas/money';
import { Button } from '@/components/ui/button';
import { controlClass, Field, Labelled } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { packagePriceQuery, useSetPackagePrice } from '@/features/admin/api/package-price';

/** The inputs as typed: the price in whole units and cents, text until checked. */
type Values = { amount: string; currency: Currency };

/**
 * What the API takes: minor units. Anything that is not a price becomes NaN, which the schema refuses
 * in the product's words (docs/product.md#admin-area).
 */
const toInput = (values: Values) => ({
  amount: /^\s*\d+(\.\d{1,2})?\s*$/.test(values.amount) ? Math.round(Number(values.amount) * 100) : NaN,
  currency: values.currency,
});
const formSchema = z.pipe(z.transform(toInput), PackagePriceForm);

/** The Recordings tab's Package Price Settings: the base price and its currency, which every purchase converts from. */
export function PackagePriceSettings() {
  const current = useQuery(packagePriceQuery());
  return (
    <section aria-labelledby="package-price-heading" className="rounded-2xl border border-linen bg-white p-5 shadow-sm md:p-6">
      <h2 id="package-price-heading" className="text-xl">
        Package Price Settings
      </h2>
      <p className="mt-1 text-sm text-muted">
        What the recordings package costs, before a code; visitors see it converted into their currency.
      </p>
      {current.data ? (
        <PriceForm current={current.data} />
      ) : (
        <div className="mt-5 grid gap-4 sm:grid-cols-[1fr_8rem_auto]" aria-busy="true" aria-label="Loading the price">
          <Skeleton className="h-11" />
          <Skeleton className="h-11" />
          <Skeleton className="h-11 w-24" />
        </div>
      )}
    </section>
  );
}

function PriceForm({ current }: { current: AdminPackagePrice }) {
  const save = useSetPackagePrice();
  const { register, handleSubmit, formState } = useForm<Values, unknown, PackagePriceForm>({
    resolver: zodResolver(formSchema),
    defaultValues: { amount: (current.price.amount / 100).toFixed(2), currency: current.price.currency },
  });
  const submit = handleSubmit(async (form) => {
    try {
      await save.mutateAsync(form);
      toast.success('Price updated', {
        description: `The package now costs ${formatMoney({ amount: form.amount, currency: form.currency })}.`,
      });
    } catch {
      toast.error('Error updating price');
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Package price" className="mt-5">
      <div className="grid items-start gap-4 sm:grid-cols-[1fr_8rem_auto]">
        <Field
          label="Price"
          id="package-price"
          type="number"
          inputMode="decimal"
          min={0.01}
          step="0.01"
          error={formState.errors.amount?.message}
          {...register('amount')}
        />
        <Labelled label="Base currency" id="package-currency">
          <select id="package-currency" className={`h-11 ${controlClass}`} {...register('currency')}>
            {currencies.map((currency) => (
              <option key={currency}>{currency}</option>
            ))}
          </select>
        </Labelled>
        <Button type="submit" className="sm:mt-7" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Save price'}
        </Button>
      </div>
      {current.isDefault && (
        <p className="mt-3 text-sm text-muted">No price has been set yet, so the package costs the default 60 EUR.</p>
      )}
    </form>
  );
}
