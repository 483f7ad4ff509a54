import { ICON_SPRITE_PATH, type IconName } from './icon-sprite.ts';

export { hasIcon, type IconName } from './icon-sprite.ts';

/**
 * A line icon from the site's sprite (views/components/icon-sprite.ts), in the text's colour.
 * Decorative only: the text beside it (or a visually hidden label) says what it means.
 */
export function Icon({ name }: { name: IconName }) {
  return (
    <svg className={`icon icon--${name}`} width="24" height="24" aria-hidden="true" focusable="false">
      <use href={`${ICON_SPRITE_PATH}#${name}`} />
    </svg>
  );
}
