import type { TFunction } from 'i18next';
import type { LineStatus as WaitingLine } from '#server/waiting-room/waiting-room.ts';
import type { Formatter } from '../../format.ts';
import { useSite } from '../../site-context.tsx';
import type { ShopFrameEvent } from './TicketShopFrame.tsx';

export interface WaitingRoomPageData {
  event: ShopFrameEvent;
  /** Null when the visitor's address holds as many places as it may (429). */
  line: WaitingLine | null;
  statusUrl: string | null;
}

/**
 * The figures as the visitor reads them, in their language: the page shows them and the status
 * endpoint sends them, so the page's script only puts text in place.
 */
export function lineTexts(t: TFunction, format: Formatter, line: WaitingLine): Record<'position' | 'ahead' | 'wait' | 'estimate', string> {
  const minutes = Math.ceil(line.waitMs / 60_000);
  return {
    position: format.number(line.position),
    ahead: format.number(line.ahead),
    wait: minutes <= 1 ? t('shop:waitingRoom.underAMinute') : t('shop:waitingRoom.minutes', { count: minutes }),
    estimate: t('shop:waitingRoom.estimate', {
      count: line.perMinute,
      rate: format.number(line.perMinute),
      time: format.time(new Date(line.admissionAt)),
    }),
  };
}

/**
 * Decision 0044: the sale's waiting room. Everything a visitor without JavaScript needs is in the
 * page, which the document's `<meta http-equiv="refresh">` reloads; with JavaScript,
 * client/enhancements/waiting-room.ts polls `statusUrl` and updates the marked figures in place.
 */
export function WaitingRoomPage({ data }: { data: WaitingRoomPageData }) {
  const { t, format, assets } = useSite();
  const { event, line } = data;
  if (line && data.statusUrl) assets.use('waiting-room');
  return (
    <div className="waiting-room">
      <header className="waiting-room__event">
        {event.logo ? <img className="waiting-room__logo" src={event.logo.url} alt="" width={56} height={56} /> : null}
        <div>
          <p className="eyebrow">{t('shop:waitingRoom.eyebrow')}</p>
          <p className="waiting-room__event-title">{event.title}</p>
          {event.startDatetime && event.endDatetime ? (
            <p className="waiting-room__event-meta">
              {format.dateRange(event.startDatetime, event.endDatetime)}
              {event.venue ? ` · ${event.venue.name}` : ''}
            </p>
          ) : null}
        </div>
      </header>
      {line ? <InLine line={line} statusUrl={data.statusUrl!} /> : <Refused />}
    </div>
  );
}

function InLine({ line, statusUrl }: { line: WaitingLine; statusUrl: string }) {
  const { t, format } = useSite();
  const texts = lineTexts(t, format, line);
  return (
    <section className="waiting-room__card" aria-labelledby="waiting-room-title" data-waiting-room={statusUrl}>
      <div className="waiting-room__pulse" aria-hidden="true">
        <span />
      </div>
      <h1 className="waiting-room__title" id="waiting-room-title">
        {line.beforeOpening ? t('shop:waitingRoom.beforeOpeningTitle') : t('shop:waitingRoom.title')}
      </h1>
      {line.beforeOpening ? (
        <p className="waiting-room__opens">
          {t('shop:waitingRoom.opensAt')}{' '}
          <time dateTime={new Date(line.opensAt).toISOString()} className="waiting-room__opens-time">
            {format.dateTime(new Date(line.opensAt))}
          </time>
        </p>
      ) : (
        <p className="waiting-room__intro">{t('shop:waitingRoom.intro')}</p>
      )}
      <dl className="waiting-room__figures" aria-live="polite">
        <div className="waiting-room__figure waiting-room__figure--main">
          <dt>{t('shop:waitingRoom.position')}</dt>
          <dd data-line="position">{texts.position}</dd>
        </div>
        <div className="waiting-room__figure">
          <dt>{t('shop:waitingRoom.ahead')}</dt>
          <dd data-line="ahead">{texts.ahead}</dd>
        </div>
        <div className="waiting-room__figure">
          <dt>{t('shop:waitingRoom.wait')}</dt>
          <dd data-line="wait">{texts.wait}</dd>
        </div>
      </dl>
      <p className="waiting-room__estimate" data-line="estimate">
        {texts.estimate}
      </p>
      <ul className="waiting-room__notes">
        <li>{t('shop:waitingRoom.keepOpen')}</li>
        <li>{t('shop:waitingRoom.oneplace')}</li>
        <li>{t('shop:waitingRoom.window', { count: line.checkoutMinutes })}</li>
      </ul>
      <p className="waiting-room__number">
        {t('shop:waitingRoom.number')} <span className="waiting-room__number-value">{format.number(line.number)}</span>
      </p>
    </section>
  );
}

function Refused() {
  const { t } = useSite();
  return (
    <section className="waiting-room__card" aria-labelledby="waiting-room-title">
      <h1 className="waiting-room__title" id="waiting-room-title">
        {t('shop:waitingRoom.refusedTitle')}
      </h1>
      <p className="waiting-room__intro">{t('shop:waitingRoom.refusedText')}</p>
    </section>
  );
}
