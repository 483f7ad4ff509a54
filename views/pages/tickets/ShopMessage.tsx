import { SuccessMessage } from '../../components/SuccessMessage.tsx';
import { useFormState, useSite } from '../../site-context.tsx';

/**
 * A shop form's outcome: the success message after the redirect, or the refusal (SPEC 8) with its
 * details (`values` carry them, such as a ticket's per-order maximum). `match` limits it to the
 * form of one ticket or line when a page has one such form each.
 */
export function ShopMessage({ form, match }: { form: string; match?: Record<string, string> }) {
  const { t } = useSite();
  const state = useFormState(form);
  if (!state?.message) return null;
  // A success after a redirect carries no values: only the page-wide message shows it.
  if (match && Object.entries(match).some(([key, value]) => state.values[key] !== value)) return null;
  const text = t(state.message, { ...state.values, count: Number(state.values.max ?? state.values.count ?? 0) });
  return state.status === 'succeeded' ? (
    <SuccessMessage>{text}</SuccessMessage>
  ) : (
    <p className="form-error" role="alert">
      {text}
    </p>
  );
}
