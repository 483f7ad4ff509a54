import { useFormState, useSite } from '../site-context.tsx';

/** The account's deletion ends on the home page, which says so once (the flash after the redirect). */
export const ACCOUNT_DELETE_FORM = 'account-delete';

/** A message about the whole visit, above any page of the site (after deleting the account). */
export function SiteNotice() {
  const { t } = useSite();
  const state = useFormState(ACCOUNT_DELETE_FORM);
  if (state?.status !== 'succeeded' || !state.message) return null;
  return (
    <div className="site-notice">
      <p className="form-success" role="status">
        {t(state.message)}
      </p>
    </div>
  );
}
