import { useSite } from '../../site-context.tsx';

/** Sign-up's "Step n of 3", with a bar for sighted visitors. */
export function StepProgress({ step }: { step: 1 | 2 | 3 }) {
  const { t } = useSite();
  return (
    <div className="step-progress">
      <p className="eyebrow">{t('account:register.progress', { step, total: 3 })}</p>
      <ol className="step-progress__bar" aria-hidden="true">
        {[1, 2, 3].map((n) => (
          <li key={n} className="step-progress__segment" data-done={n <= step ? '' : undefined} />
        ))}
      </ol>
    </div>
  );
}
