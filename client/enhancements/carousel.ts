/**
 * Adds previous and next buttons to the carousels the server rendered as scrollable lists
 * (views/blocks/CarouselBlock.tsx). "Next" moves toward the end of the reading direction, so to
 * the left in Arabic; a button is disabled at its end. The buttons' clicks are tracked
 * (carousel_arrow_clicked) by the analytics script from their data attributes.
 */

function enhance(section: HTMLElement): void {
  const scroller = section.querySelector<HTMLElement>('[data-carousel]');
  const arrows = section.querySelector<HTMLElement>('[data-carousel-arrows]');
  if (!scroller || !arrows) return;
  const previous = arrows.querySelector<HTMLButtonElement>('[data-carousel-arrow="previous"]')!;
  const next = arrows.querySelector<HTMLButtonElement>('[data-carousel-arrow="next"]')!;
  const rtl = getComputedStyle(scroller).direction === 'rtl';

  const update = () => {
    // In right-to-left, scrollLeft runs from 0 down to negative values.
    const travelled = Math.abs(scroller.scrollLeft);
    const room = scroller.scrollWidth - scroller.clientWidth;
    previous.disabled = travelled <= 1;
    next.disabled = travelled >= room - 1;
    arrows.hidden = room <= 1;
  };

  const move = (forward: boolean) => {
    const slide = scroller.querySelector<HTMLElement>('li');
    const step = slide ? slide.getBoundingClientRect().width : scroller.clientWidth * 0.8;
    const toEnd = forward ? 1 : -1;
    scroller.scrollBy({
      left: step * toEnd * (rtl ? -1 : 1),
      behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
    });
  };

  previous.addEventListener('click', () => move(false));
  next.addEventListener('click', () => move(true));
  scroller.addEventListener('scroll', update, { passive: true });
  new ResizeObserver(update).observe(scroller);
  update();
}

document.querySelectorAll<HTMLElement>('.block-carousel').forEach(enhance);
