import { countryOptions } from '#platform/country-codes.ts';
import { useSite } from '../site-context.tsx';
import { SelectField, TextField } from './FormField.tsx';

export interface PostalAddressValues {
  address1?: string | null | undefined;
  address2?: string | null | undefined;
  city?: string | null | undefined;
  state?: string | null | undefined;
  postalCode?: string | null | undefined;
  countryCode?: string | null | undefined;
}

/**
 * The fields of a postal address (SPEC 3.3), shared by the address book and checkout. `labels` is
 * the locale prefix of each screen's own wording (`account:addresses`, `checkout:address`), whose
 * keys are address1, address2, city, state, postalCode and country; with `chooseCountry`, the
 * country list starts with an empty choice labelled by its `countryChoose` key.
 */
export function PostalAddressFields({
  form,
  address,
  labels,
  chooseCountry = false,
}: {
  form: string;
  address: PostalAddressValues | null | undefined;
  labels: string;
  chooseCountry?: boolean;
}) {
  const { t, locale } = useSite();
  const countries = [
    ...(chooseCountry ? [{ value: '', label: t(`${labels}.countryChoose`) }] : []),
    ...countryOptions(locale).map((country) => ({ value: country.code, label: country.name })),
  ];
  return (
    <>
      <TextField
        form={form}
        name="address1"
        label={t(`${labels}.address1`)}
        value={address?.address1}
        autoComplete="address-line1"
        required
      />
      <TextField form={form} name="address2" label={t(`${labels}.address2`)} value={address?.address2} autoComplete="address-line2" />
      <div className="account-form__grid">
        <TextField form={form} name="city" label={t(`${labels}.city`)} value={address?.city} autoComplete="address-level2" required />
        <TextField form={form} name="state" label={t(`${labels}.state`)} value={address?.state} autoComplete="address-level1" />
        <TextField
          form={form}
          name="postalCode"
          label={t(`${labels}.postalCode`)}
          value={address?.postalCode}
          autoComplete="postal-code"
          dir="ltr"
        />
        <SelectField
          form={form}
          name="countryCode"
          label={t(`${labels}.country`)}
          value={address?.countryCode ?? 'SA'}
          options={countries}
          autoComplete="country"
          required
        />
      </div>
    </>
  );
}
