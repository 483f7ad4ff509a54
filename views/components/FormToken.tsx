import { useSite } from '../site-context.tsx';

/**
 * A form's CSRF token field (decision 0014). Signed-in visitors' pages carry their token; anonymous
 * pages are shared by every visitor and carry none: their forms are protected by the origin check.
 */
export function FormToken() {
  const { csrfToken } = useSite();
  return csrfToken ? <input type="hidden" name="_csrf" value={csrfToken} /> : null;
}
