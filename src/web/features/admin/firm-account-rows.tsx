import PlusIcon from '~icons/lucide/plus';
import TrashIcon from '~icons/lucide/trash-2';
import type { AccountInput, FundingModelInput } from '../../../domain/admin-firms';
import { Button } from '../../components/ui/button';
import { bindFields } from './bind-fields';
import { type Errors, NumberField, SelectField, TextField } from './fields';

const emptyAccount = (): AccountInput => ({
  capital: 0,
  price: 0,
  pricingType: 'one-time',
  maxContracts: null,
  activationFee: null,
  resetPrice: null,
  disclaimer: null,
});

export function AccountRows({
  model,
  path,
  errors,
  onChange,
}: {
  model: FundingModelInput;
  path: string;
  errors: Errors;
  onChange: (accounts: AccountInput[]) => void;
}) {
  const set = (index: number, patch: Partial<AccountInput>) =>
    onChange(model.accounts.map((a, i) => (i === index ? { ...a, ...patch } : a)));
  return (
    <div className="sm:col-span-2">
      <h4 className="text-sm font-semibold text-slate-900">Accounts</h4>
      {model.accounts.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No accounts yet.</p>
      ) : (
        <ol className="mt-2 grid gap-3">
          {model.accounts.map((account, i) => {
            const { field } = bindFields(account, (patch) => set(i, patch), errors, `${path}.accounts.${i}`);
            return (
              <li key={account.id ?? `new-${i}`} className="rounded-lg border border-slate-200 p-3">
                <div className="grid grid-cols-2 gap-3 lg:grid-cols-[1fr_1fr_1fr_1fr_auto]">
                  <NumberField
                    {...field('capital')}
                    label="Account size ($)"
                    step="1"
                    onChange={(v) => set(i, { capital: v ?? 0 })}
                  />
                  <NumberField
                    {...field('price')}
                    label="Price ($)"
                    onChange={(v) => set(i, { price: v ?? 0 })}
                  />
                  <SelectField
                    label="Pricing"
                    options={[
                      { value: 'one-time', label: 'One-time' },
                      { value: 'monthly', label: 'Monthly' },
                    ]}
                    {...field('pricingType')}
                  />
                  <NumberField label="Max contracts" step="1" {...field('maxContracts')} />
                  <NumberField label="Activation fee ($)" {...field('activationFee')} />
                  <NumberField label="Reset price ($)" {...field('resetPrice')} />
                  <div className="col-span-2 flex items-end lg:col-span-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove the ${account.capital ? `$${account.capital.toLocaleString('en-US')} ` : ''}account`}
                      onClick={() => onChange(model.accounts.filter((_, j) => j !== i))}
                    >
                      <TrashIcon aria-hidden="true" /> Remove
                    </Button>
                  </div>
                  <TextField
                    label="Disclaimer"
                    className="col-span-2 lg:col-span-5"
                    {...field('disclaimer')}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <Button
        variant="outline"
        size="sm"
        className="mt-3"
        onClick={() => onChange([...model.accounts, emptyAccount()])}
      >
        <PlusIcon aria-hidden="true" /> Add account
      </Button>
    </div>
  );
}
