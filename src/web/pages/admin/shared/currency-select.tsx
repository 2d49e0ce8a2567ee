import type { ComponentProps } from 'react';
import { currencies, currencyInfo } from '../../../../shared/money';
import { NativeSelect } from '../../../components/ui/select';

/** The currencies the site accepts, with their symbols: "USD ($)". */
export function CurrencySelect(props: ComponentProps<typeof NativeSelect>) {
  return (
    <NativeSelect {...props}>
      {currencies.map((code) => (
        <option key={code} value={code}>
          {code} ({currencyInfo[code].symbol})
        </option>
      ))}
    </NativeSelect>
  );
}
