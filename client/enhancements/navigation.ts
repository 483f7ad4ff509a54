import { track } from '../track.ts';

/**
 * The header's menus with JavaScript (decision 0019). Without it the phone menu is a checkbox
 * toggle and the desktop groups are plain <details>; with it:
 * - the checkbox gives way to a real disclosure button (aria-expanded); Escape closes the menu and
 *   returns focus to the button, reported as navigation_closed (SPEC 9.4);
 * - an open group closes on Escape (focus back on its summary) or on a click elsewhere;
 * - the menu's links report whether they were used in the phone menu or the desktop bar.
 * The checkbox stays the one state the stylesheet follows, so both ways look the same.
 */

const header = document.querySelector<HTMLElement>('.site-header');
const toggle = header?.querySelector<HTMLInputElement>('#site-nav-toggle');
const label = header?.querySelector<HTMLLabelElement>('.site-nav__toggle-label');
const button = header?.querySelector<HTMLButtonElement>('.site-nav__button');
const nav = header?.querySelector<HTMLElement>('#site-nav');

if (header && toggle && label && button && nav) {
  // The bar shows the menus inline from this width (client/styles/components/header.css).
  const wide = matchMedia('(min-width: 85rem)');
  const groups = [...nav.querySelectorAll<HTMLDetailsElement>('details.site-nav__group')];

  const setOpen = (open: boolean) => {
    toggle.checked = open;
    button.setAttribute('aria-expanded', String(open));
  };

  const closeMenu = () => {
    if (!toggle.checked) return;
    setOpen(false);
    button.focus();
    track('navigation_closed', { navigation_type: 'mobile' });
  };

  const markPlace = () => {
    // The menu's links take their place from the menu (views/components/NavigationLink.tsx).
    nav.dataset.trackNavigation_type = wide.matches ? 'header' : 'mobile';
    if (wide.matches) setOpen(false);
  };

  toggle.hidden = true;
  label.hidden = true;
  button.hidden = false;
  setOpen(toggle.checked);
  markPlace();
  wide.addEventListener('change', markPlace);

  button.addEventListener('click', () => {
    if (toggle.checked) closeMenu();
    else setOpen(true);
  });

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = groups.find((group) => group.open);
    if (open && wide.matches) {
      open.open = false;
      open.querySelector('summary')?.focus();
      track('navigation_closed', { navigation_type: 'header' });
    } else if (toggle.checked) {
      closeMenu();
    }
  });

  // A click anywhere outside an open desktop group closes it, as menus elsewhere do.
  document.addEventListener('click', (event) => {
    if (!wide.matches) return;
    for (const group of groups) {
      if (group.open && !group.contains(event.target as Node)) group.open = false;
    }
  });
}
