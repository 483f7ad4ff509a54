import { countryName } from '#platform/country-codes.ts';
import { FormToken } from '../../components/FormToken.tsx';
import { PostalAddressFields } from '../../components/PostalAddressFields.tsx';
import { FormMessage, TextField } from '../../components/FormField.tsx';
import { useFormState, useSite } from '../../site-context.tsx';
import { AccountSectionHeader } from './AccountSectionHeader.tsx';

export const ADDRESS_ADD_FORM = 'address-add';
export const ADDRESS_EDIT_FORM = 'address-edit';
export const ADDRESS_DELETE_FORM = 'address-delete';
export const ADDRESS_DEFAULT_FORM = 'address-default';

export interface Address {
  id: string;
  nickname: string | null;
  isDefault: boolean;
  address1: string;
  address2: string | null;
  city: string;
  state: string | null;
  postalCode: string | null;
  countryCode: string;
}

export interface AddressesPageData {
  /** The default first (SPEC 4.3). */
  addresses: Address[];
  /** The address whose form is open (`?edit=`). */
  editing: Address | null;
  /** The address waiting for the visitor to confirm its removal (`?delete=`). */
  deleting: Address | null;
}

/** SPEC 2.4, 3.3: the address book: list, add, edit, make default, delete after confirming. */
export function AddressesPage({ data }: { data: AddressesPageData }) {
  const { t } = useSite();
  const { addresses, editing, deleting } = data;
  return (
    <section className="account-section stack">
      <AccountSectionHeader title={t('account:addresses.title')} lead={t('account:addresses.lead')} />
      <div className="account-messages" aria-live="polite">
        <SuccessOnly form={ADDRESS_ADD_FORM} />
        <SuccessOnly form={ADDRESS_EDIT_FORM} />
        <FormMessage form={ADDRESS_DELETE_FORM} />
        <FormMessage form={ADDRESS_DEFAULT_FORM} />
      </div>
      {deleting ? <DeleteConfirmation address={deleting} /> : null}
      {addresses.length ? (
        <ul className="address-list" aria-label={t('account:addresses.listLabel')}>
          {addresses.map((address) => (
            <li key={address.id}>
              <AddressCard address={address} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">{t('account:addresses.empty')}</p>
      )}
      {editing ? (
        <AddressForm form={ADDRESS_EDIT_FORM} address={editing} />
      ) : (
        <AddressForm form={ADDRESS_ADD_FORM} address={null} firstAddress={addresses.length === 0} />
      )}
    </section>
  );
}

function SuccessOnly({ form }: { form: string }) {
  return useFormState(form)?.status === 'succeeded' ? <FormMessage form={form} /> : null;
}

function AddressLines({ address }: { address: Address }) {
  const { locale } = useSite();
  const cityLine = [address.postalCode, address.city, address.state].filter(Boolean).join(' ');
  return (
    <p className="address-card__lines">
      {[address.address1, address.address2, cityLine, countryName(address.countryCode, locale)].filter(Boolean).map((line, index) => (
        <span key={index}>{line}</span>
      ))}
    </p>
  );
}

function AddressCard({ address }: { address: Address }) {
  const { t, urls, locale } = useSite();
  const list = urls.route('accountAddresses');
  const title = address.nickname || t('account:addresses.untitled');
  return (
    <article className={`address-card${address.isDefault ? ' address-card--default' : ''}`} aria-labelledby={`address-${address.id}`}>
      <header className="address-card__header">
        <h2 className="address-card__title" id={`address-${address.id}`}>
          {title}
        </h2>
        {address.isDefault ? <span className="address-card__badge">{t('account:addresses.default')}</span> : null}
      </header>
      <AddressLines address={address} />
      <div className="address-card__actions">
        <a className="button button--ghost button--small" href={`${list}?edit=${encodeURIComponent(address.id)}#${ADDRESS_EDIT_FORM}`}>
          {t('account:addresses.edit')}
          <span className="visually-hidden">: {title}</span>
        </a>
        {address.isDefault ? null : (
          <form method="post" action={urls.current(locale)}>
            <FormToken />
            <input type="hidden" name="intent" value="make-default" />
            <input type="hidden" name="addressId" value={address.id} />
            <button type="submit" className="button button--ghost button--small">
              {t('account:addresses.makeDefault')}
              <span className="visually-hidden">: {title}</span>
            </button>
          </form>
        )}
        <a className="button button--ghost button--small" href={`${list}?delete=${encodeURIComponent(address.id)}#address-delete`}>
          {t('account:addresses.delete')}
          <span className="visually-hidden">: {title}</span>
        </a>
      </div>
    </article>
  );
}

/** The confirmation step: a plain page state, so it needs no script. */
function DeleteConfirmation({ address }: { address: Address }) {
  const { t, urls, locale } = useSite();
  return (
    <section className="account-confirm" id="address-delete" aria-labelledby="address-delete-title">
      <h2 className="account-confirm__title" id="address-delete-title">
        {t('account:addresses.confirmDelete.title')}
      </h2>
      <AddressLines address={address} />
      <form className="account-confirm__actions" method="post" action={urls.current(locale)}>
        <FormToken />
        <input type="hidden" name="intent" value="delete-address" />
        <input type="hidden" name="addressId" value={address.id} />
        <button type="submit" className="button button--danger">
          {t('account:addresses.confirmDelete.confirm')}
        </button>
        <a className="button button--ghost" href={urls.route('accountAddresses')}>
          {t('account:addresses.confirmDelete.cancel')}
        </a>
      </form>
    </section>
  );
}

function AddressForm({ form, address, firstAddress = false }: { form: string; address: Address | null; firstAddress?: boolean }) {
  const { t, urls, locale } = useSite();
  const editing = address !== null;
  const state = useFormState(form);
  const ticked = state && state.status !== 'succeeded' ? state.values.isDefault === 'on' : false;
  return (
    <form className="account-form account-panel stack" id={form} method="post" action={urls.current(locale)} noValidate>
      <h2 className="account-panel__title">{t(editing ? 'account:addresses.editTitle' : 'account:addresses.addTitle')}</h2>
      <FormToken />
      <input type="hidden" name="intent" value={editing ? 'update-address' : 'add-address'} />
      {address ? <input type="hidden" name="addressId" value={address.id} /> : null}
      {state?.status === 'succeeded' ? null : <FormMessage form={form} />}
      <TextField
        form={form}
        name="nickname"
        label={t('account:addresses.nickname')}
        hint={t('account:addresses.nicknameHint')}
        value={address?.nickname}
      />
      <PostalAddressFields form={form} address={address} labels="account:addresses" />
      {address?.isDefault ? (
        <p className="field__hint">{t('account:addresses.isDefaultNote')}</p>
      ) : firstAddress ? (
        <p className="field__hint">{t('account:addresses.firstIsDefault')}</p>
      ) : (
        <label className="check-option">
          <input type="checkbox" name="isDefault" defaultChecked={ticked} />
          <span>{t('account:addresses.isDefault')}</span>
        </label>
      )}
      <div className="account-form__actions">
        <button type="submit" className="button button--primary">
          {t(editing ? 'account:addresses.save' : 'account:addresses.add')}
        </button>
        {editing ? (
          <a className="button button--ghost" href={urls.route('accountAddresses')}>
            {t('account:addresses.cancel')}
          </a>
        ) : null}
      </div>
    </form>
  );
}
