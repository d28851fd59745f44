import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/components/ui/toast';
import * as z from 'zod/mini';
import type { ChangeEvent } from 'react';
import {
  DiscountCodeForm,
  type AdminDiscountCode,
  type DiscountCodeFormInput,
  type DiscountCodeForm as ParsedForm,
} from '@schemas/discount';
import { currencies, type Currency } from '@schemas/money';
import { Button } from '@/components/ui/button';
import { controlClass, describedBy, Field, Labelled } from '@/components/ui/field';
import { refusalReason } from '@/lib/api';
import { showFieldRefusal } from '@/lib/field-refusal';

/** The dialog's inputs as typed: numbers are text until checked, the amount in whole units, the expiry a day. */
type Values = {
  code: string;
  type: 'percentage' | 'fixed_amount';
  percentage: string;
  amount: string;
  currency: Currency;
  isActive: boolean;
  isOneTimeUse: boolean;
  expiresAt: string;
  maxUses: string;
};

const pad = (n: number) => String(n).padStart(2, '0');
/** The day an instant falls on in the admin's zone, as a date input's value. */
function localDay(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
/** A code expires at the end of the chosen day in the admin's zone. */
function endOfLocalDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const end = new Date(year, month - 1, date, 23, 59, 59, 999);
  return Number.isNaN(end.getTime()) ? day : end.toISOString();
}

/** A number typed into a field: what it says, or NaN for the schema to refuse with the field's message. */
const typedNumber = (text: string) => (text.trim() === '' ? NaN : Number(text));

/** The defaults for a new code (docs/product.md#admin-area): percentage, 10, active, not one-time. */
function initialValues(code?: AdminDiscountCode): Values {
  const discount = code?.discount;
  return {
    code: code?.code ?? '',
    type: discount?.type ?? 'percentage',
    percentage: discount?.type === 'percentage' ? String(discount.percentage) : '10',
    amount: discount?.type === 'fixed_amount' ? (discount.amount.amount / 100).toFixed(2) : '',
    currency: discount?.type === 'fixed_amount' ? discount.amount.currency : 'GBP',
    isActive: code?.active ?? true,
    isOneTimeUse: code?.oneTime ?? false,
    expiresAt: code?.expiresAt ? localDay(code.expiresAt) : '',
    maxUses: code?.maxUses != null ? String(code.maxUses) : '',
  };
}

/** The dialog's fields, as the server's refusals name them. */
const fieldNames = Object.keys(initialValues()) as (keyof Values)[];

/** What the API takes: the amount in minor units of its currency, the expiry as an instant. */
function toInput(values: Values): DiscountCodeFormInput {
  return {
    code: values.code,
    type: values.type,
    percentage: values.type === 'percentage' ? typedNumber(values.percentage) : undefined,
    amount: values.type === 'fixed_amount' ? Math.round(typedNumber(values.amount) * 100) : undefined,
    currency: values.currency,
    isActive: values.isActive,
    isOneTimeUse: values.isOneTimeUse,
    expiresAt: values.expiresAt ? endOfLocalDay(values.expiresAt) : null,
    maxUses: values.maxUses.trim() === '' ? null : typedNumber(values.maxUses),
  };
}

/** The server's own schema checks the inputs, so the dialog says what the server would. */
const formSchema = z.pipe(z.transform(toInput), DiscountCodeForm);

const expiryHint = 'The code works until the end of this day, in your time zone.';

/**
 * The discount code form (docs/product.md#admin-area), in the create and edit dialog. An existing code keeps its name
 * (bookings know it by it). `onSave` sends the form; a refusal is shown on its field.
 */
export function DiscountCodeFormView({
  code,
  onSave,
  onCancel,
}: {
  code?: AdminDiscountCode;
  onSave: (form: ParsedForm) => Promise<void>;
  onCancel: () => void;
}) {
  const { register, handleSubmit, watch, setValue, setError, formState } = useForm<Values, unknown, ParsedForm>({
    resolver: zodResolver(formSchema),
    defaultValues: initialValues(code),
  });
  const errors = formState.errors;
  const type = watch('type');
  const codeField = register('code');
  // The percentage input is kept between 1 and 100 (docs/product.md#admin-area).
  const percentageField = register('percentage', {
    onBlur: (event: ChangeEvent<HTMLInputElement>) => {
      const typed = typedNumber(event.target.value);
      if (!Number.isNaN(typed)) setValue('percentage', String(Math.min(100, Math.max(1, typed))));
    },
  });

  const submit = handleSubmit(async (form) => {
    try {
      await onSave(form);
    } catch (error) {
      // A refusal about a field (a code that exists, an expiry already past) is said on it.
      if (!showFieldRefusal(error, fieldNames, setError))
        toast.error('Error', { description: refusalReason(error) ?? 'Failed to save the discount code' });
    }
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={code ? 'Edit discount code' : 'Create discount code'}
      className="mt-5 flex flex-col gap-5"
    >
      <Field
        label="Code"
        id="discount-code"
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        readOnly={code !== undefined}
        error={errors.code?.message}
        {...codeField}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          // Uppercased as typed, the caret kept where it was.
          const input = event.target;
          const caret = [input.selectionStart, input.selectionEnd] as const;
          input.value = input.value.toUpperCase();
          input.setSelectionRange(caret[0], caret[1]);
          void codeField.onChange(event);
        }}
      />
      <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
        <legend className="mb-2 text-sm font-medium">Discount type</legend>
        {(['percentage', 'fixed_amount'] as const).map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input type="radio" value={option} className="size-4 accent-clay" {...register('type')} />
            {option === 'percentage' ? 'Percentage' : 'Fixed amount'}
          </label>
        ))}
      </fieldset>
      {type === 'percentage' ? (
        <Field
          label="Percentage off"
          id="discount-percentage"
          type="number"
          inputMode="decimal"
          min={1}
          max={100}
          error={errors.percentage?.message}
          {...percentageField}
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <Field
            label="Amount off"
            id="discount-amount"
            type="number"
            inputMode="decimal"
            min={1}
            step="0.01"
            error={errors.amount?.message}
            {...register('amount')}
          />
          <Labelled label="Currency" id="discount-currency">
            <select id="discount-currency" className={`h-11 ${controlClass}`} {...register('currency')}>
              {currencies.map((currency) => (
                <option key={currency}>{currency}</option>
              ))}
            </select>
          </Labelled>
        </div>
      )}
      <div className="flex flex-col gap-3">
        <label className="flex items-center gap-3 text-sm font-medium">
          <input type="checkbox" className="size-4 accent-clay" {...register('isActive')} />
          Active
        </label>
        <label className="flex items-center gap-3 text-sm font-medium">
          <input type="checkbox" className="size-4 accent-clay" {...register('isOneTimeUse')} />
          One-time use
        </label>
      </div>
      <fieldset className="flex flex-col gap-4 rounded-xl border border-linen p-4">
        <legend className="px-1 text-sm font-medium">Limits (optional)</legend>
        <Labelled label="Expiry date" id="discount-expiresAt" hint={expiryHint} error={errors.expiresAt?.message}>
          <input
            id="discount-expiresAt"
            type="date"
            aria-invalid={errors.expiresAt ? true : undefined}
            aria-describedby={describedBy('discount-expiresAt', { hint: expiryHint, error: errors.expiresAt?.message })}
            className={`h-11 ${controlClass}`}
            {...register('expiresAt')}
          />
        </Labelled>
        <Field
          label="Maximum uses"
          id="discount-maxUses"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          error={errors.maxUses?.message}
          {...register('maxUses')}
        />
      </fieldset>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : code ? 'Update Code' : 'Create Code'}
        </Button>
      </div>
    </form>
  );
}
