import type { ReactNode } from 'react';
import { useSite } from '../site-context.tsx';

/**
 * A form's success, most often the flash after its redirect (PRG). Without JavaScript it stays
 * where it is; with it, it becomes a notification (SPEC 9.3, client/enhancements/notifications.ts).
 */
export function SuccessMessage({ children }: { children: ReactNode }) {
  const { t, assets } = useSite();
  assets.use('notifications');
  return (
    <p className="form-success" role="status" data-notification="" data-dismiss-label={t('notifications.dismiss')}>
      {children}
    </p>
  );
}
