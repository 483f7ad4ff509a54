import { brokenPasswordRules, passwordStrength, type PasswordRule } from '#platform/password-policy.ts';

/**
 * SPEC 5, 9.2: while the visitor types a new password, ticks the rules it meets, says weak, medium
 * or strong (a polite live region), and checks that the confirmation matches. The same module the
 * server checks with decides, so the two never disagree. Without JavaScript the server says all
 * of this when the form comes back.
 */

interface Labels {
  weak: string;
  medium: string;
  strong: string;
  prefix: string;
}

function enhance(root: HTMLElement): void {
  const input = root.querySelector<HTMLInputElement>('[data-password-input]');
  const confirm = root.querySelector<HTMLInputElement>('[data-password-confirm]');
  const output = root.querySelector<HTMLElement>('[data-strength-output]');
  const matchOutput = root.querySelector<HTMLElement>('[data-confirm-output]');
  if (!input || !output) return;
  const labels = JSON.parse(output.dataset.labels ?? '{}') as Labels;
  const matchLabels = JSON.parse(confirm?.dataset.matchLabels ?? '{}') as { match?: string; mismatch?: string };
  const rules = [...root.querySelectorAll<HTMLElement>('[data-rule]')];
  const stateText = (met: boolean) => root.dataset[met ? 'metLabel' : 'unmetLabel'];

  const update = () => {
    const password = input.value;
    if (!password) {
      for (const rule of rules) delete rule.dataset.met;
      output.textContent = '';
      delete output.dataset.strength;
    } else {
      const broken = new Set<PasswordRule>(brokenPasswordRules(password));
      for (const rule of rules) {
        const met = !broken.has(rule.dataset.rule as PasswordRule);
        rule.dataset.met = String(met);
        const state = rule.querySelector<HTMLElement>('[data-rule-state]');
        const text = stateText(met);
        if (state && text) state.textContent = ` (${text})`;
      }
      const strength = passwordStrength(password);
      output.dataset.strength = strength;
      output.textContent = `${labels.prefix} ${labels[strength]}`;
    }
    updateMatch();
  };

  const updateMatch = () => {
    if (!confirm || !matchOutput) return;
    if (!confirm.value) {
      matchOutput.textContent = '';
      delete matchOutput.dataset.match;
      return;
    }
    const matches = confirm.value === input.value;
    matchOutput.dataset.match = String(matches);
    matchOutput.textContent = (matches ? matchLabels.match : matchLabels.mismatch) ?? '';
  };

  input.addEventListener('input', update);
  confirm?.addEventListener('input', updateMatch);
}

document.querySelectorAll<HTMLElement>('[data-password-strength]').forEach(enhance);
