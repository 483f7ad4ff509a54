import { FormToken } from '../../components/FormToken.tsx';
import { FormMessage, TextField } from '../../components/FormField.tsx';
import { NewPasswordFields } from '../../components/NewPasswordFields.tsx';
import { ACCOUNT_DELETE_FORM } from '../../components/SiteNotice.tsx';
import { useFormState, useSite } from '../../site-context.tsx';
import { AccountSectionHeader } from './AccountSectionHeader.tsx';

export const CHANGE_PASSWORD_FORM = 'change-password';

export interface ManagePageData {
  /** SPEC 4.1, 6: false for users of a social sign-in. */
  canUpdatePassword: boolean;
  /** The second step of deleting the account (`?delete=confirm`). */
  confirmingDelete: boolean;
}

/** Manage account: password, a copy of one's data, and deleting the account. */
export function ManagePage({ data }: { data: ManagePageData }) {
  const { t } = useSite();
  const deleteState = useFormState(ACCOUNT_DELETE_FORM);
  const confirming = data.confirmingDelete || (deleteState !== undefined && deleteState.status !== 'succeeded');
  return (
    <section className="account-section stack">
      <AccountSectionHeader title={t('account:manage.title')} lead={t('account:manage.lead')} />
      {data.canUpdatePassword ? <ChangePassword /> : <p className="account-panel">{t('account:manage.password.social')}</p>}
      <DownloadData />
      {confirming ? <ConfirmDelete /> : <DeleteAccount />}
    </section>
  );
}

function ChangePassword() {
  const { t, urls, locale } = useSite();
  return (
    <form className="account-form account-panel stack" id="password" method="post" action={urls.current(locale)} noValidate>
      <h2 className="account-panel__title">{t('account:manage.password.title')}</h2>
      <FormToken />
      <input type="hidden" name="intent" value="change-password" />
      <FormMessage form={CHANGE_PASSWORD_FORM} />
      <TextField
        form={CHANGE_PASSWORD_FORM}
        name="currentPassword"
        type="password"
        label={t('account:manage.password.current')}
        autoComplete="current-password"
        required
      />
      <NewPasswordFields
        form={CHANGE_PASSWORD_FORM}
        label={t('account:manage.password.new')}
        confirmLabel={t('account:manage.password.confirm')}
      />
      <div className="account-form__actions">
        <button type="submit" className="button button--primary">
          {t('account:manage.password.submit')}
        </button>
      </div>
    </form>
  );
}

function DownloadData() {
  const { t, urls } = useSite();
  return (
    <section className="account-panel stack" aria-labelledby="download-data-title">
      <h2 className="account-panel__title" id="download-data-title">
        {t('account:manage.data.title')}
      </h2>
      <p>{t('account:manage.data.lead')}</p>
      <p>
        <a className="button button--ghost" href={urls.route('accountDataFile')} download>
          {t('account:manage.data.download')}
        </a>
      </p>
    </section>
  );
}

function DeleteAccount() {
  const { t, urls } = useSite();
  return (
    <section className="account-panel account-panel--danger stack" aria-labelledby="delete-account-title">
      <h2 className="account-panel__title" id="delete-account-title">
        {t('account:manage.delete.title')}
      </h2>
      <p>{t('account:manage.delete.lead')}</p>
      <p>
        <a className="button button--danger" href={`${urls.route('accountManage')}?delete=confirm#delete-account`}>
          {t('account:manage.delete.start')}
        </a>
      </p>
    </section>
  );
}

/** The second step: the box to tick and the final button. */
function ConfirmDelete() {
  const { t, urls } = useSite();
  const state = useFormState(ACCOUNT_DELETE_FORM);
  const error = state?.status === 'invalid' ? state.errors.understood : undefined;
  return (
    <form
      className="account-panel account-panel--danger stack"
      id="delete-account"
      method="post"
      action={`${urls.route('accountManage')}?delete=confirm`}
      aria-labelledby="delete-account-title"
      noValidate
    >
      <h2 className="account-panel__title" id="delete-account-title">
        {t('account:manage.delete.confirmTitle')}
      </h2>
      <FormToken />
      <input type="hidden" name="intent" value="delete-account" />
      {state?.status === 'failed' ? <FormMessage form={ACCOUNT_DELETE_FORM} /> : null}
      <p>{t('account:manage.delete.confirmText')}</p>
      <div className="field">
        <label className="check-option">
          <input
            type="checkbox"
            name="understood"
            id="delete-understood"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'delete-understood-error' : undefined}
          />
          <span>{t('account:manage.delete.understand')}</span>
        </label>
        {error ? (
          <p className="field__error" id="delete-understood-error">
            {t(error)}
          </p>
        ) : null}
      </div>
      <div className="account-form__actions">
        <button type="submit" className="button button--danger">
          {t('account:manage.delete.submit')}
        </button>
        <a className="button button--ghost" href={urls.route('accountManage')}>
          {t('account:manage.delete.cancel')}
        </a>
      </div>
    </form>
  );
}
