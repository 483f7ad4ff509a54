import { useFormState, useSite } from '../site-context.tsx';
import { PRIVACY_FORM } from './PrivacyBanner.tsx';
import { SuccessMessage } from './SuccessMessage.tsx';

/** The account's deletion ends on the home page, which says so once (the flash after the redirect). */
export const ACCOUNT_DELETE_FORM = 'account-delete';

/**
 * A message about the whole visit, above any page of the site: after deleting the account, or
 * after answering the privacy banner, back on the page it was answered on.
 */
export function SiteNotice() {
  const { t } = useSite();
  const deleted = useFormState(ACCOUNT_DELETE_FORM);
  const privacy = useFormState(PRIVACY_FORM);
  const state = deleted?.status === 'succeeded' ? deleted : privacy;
  if (state?.status !== 'succeeded' || !state.message) return null;
  return (
    <div className="site-notice">
      <SuccessMessage>{t(state.message)}</SuccessMessage>
    </div>
  );
}
