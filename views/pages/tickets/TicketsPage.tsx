import { FormToken } from '../../components/FormToken.tsx';
import { FieldError, SelectField, TextField } from '../../components/FormField.tsx';
import { useTrack } from '../../components/tracking.ts';
import { useFormState, useSite } from '../../site-context.tsx';
import { fromHalalas, instalmentOf, toHalalas, VAT_RATE_PERCENT } from './cart-totals.ts';
import { ShopMessage } from './ShopMessage.tsx';
import { TicketShopFrame, type ShopCartSummary, type ShopFrameEvent } from './TicketShopFrame.tsx';

export type WaveState = 'AVAILABLE_NOW' | 'COMING_SOON' | 'ENDED' | 'SOLD_OUT';
export type PaymentMethod = 'CREDIT_CARD' | 'MOBILE_WALLET' | 'INSTALMENTS';

export interface ShopTicket {
  id: string;
  name: string;
  description: string | null;
  coverImage: string | null;
  /** Only those shown on the detail (SPEC 3.4: isHiddenOnDetail ones are left out by the loader). */
  perks: { id: string; name: string; description: string | null; isHighlighted: boolean }[];
  extras: { id: string; name: string; price: string }[];
  timeslots: { id: string; start: string; end: string; isAvailable: boolean }[];
  wave: { label: string; start: string } | null;
  state: WaveState;
  isAvailable: boolean;
  isLowStock: boolean;
  originalPrice: string;
  discountedPrice: string;
  paymentMethods: PaymentMethod[];
  /** The most one order may hold: the ticket's maxAmountPerOrder, never above 34 (SPEC 5). */
  maxQuantity: number;
  callbackFormType: 'GROUP' | 'PREMIUM_BOX' | null;
}

export interface ShopCategory {
  id: string;
  name: string;
  description: string | null;
  promoLabel: string | null;
  tickets: ShopTicket[];
  children: ShopCategory[];
}

export interface TicketsPageData {
  event: ShopFrameEvent & { ended: boolean };
  cart: ShopCartSummary | null;
  categories: ShopCategory[];
  /** The event's days for the request form: value YYYY-MM-DD and its label. */
  days: { value: string; label: string }[];
  /** The callback-form ticket whose request was just received (the redirect's `?requested=`). */
  requested: string | null;
}

export const ADD_FORM = 'ticket-add';
export const REQUEST_FORM = 'ticket-request';

/** SPEC 2.4, 4.3, 9.2: the event's tickets by category, each with what it includes and a way to buy or request it. */
export function TicketsPage({ data }: { data: TicketsPageData }) {
  const { t, format } = useSite();
  const categories = data.categories.filter(hasTickets);
  return (
    <TicketShopFrame event={data.event} step="tickets" cart={data.cart}>
      <div className="shop-tickets stack">
        <h1 className="shop__title">{t('shop:tickets.title')}</h1>
        {data.event.ended ? (
          <p className="empty-state">{t('shop:tickets.ended')}</p>
        ) : categories.length === 0 ? (
          <p className="empty-state">{t('shop:tickets.none')}</p>
        ) : (
          <>
            <p className="shop__intro">{t('shop:tickets.intro', { rate: format.percent(VAT_RATE_PERCENT) })}</p>
            {categories.map((category) => (
              <CategorySection key={category.id} category={category} data={data} level={2} />
            ))}
          </>
        )}
      </div>
    </TicketShopFrame>
  );
}

const hasTickets = (category: ShopCategory): boolean => category.tickets.length > 0 || category.children.some(hasTickets);

const promotionOf = (category: ShopCategory, label: string) => ({
  creative_name: 'ticket_category',
  creative_slot: 'tickets',
  promotion_name: label,
  promotion_id: category.id,
  // SPEC 5: a promotion's items are a list of objects with item_name.
  items: category.tickets.slice(0, 50).map((ticket) => ({ item_name: ticket.name })),
});

function CategorySection({ category, data, level }: { category: ShopCategory; data: TicketsPageData; level: 2 | 3 }) {
  const track = useTrack();
  const Heading = level === 2 ? 'h2' : 'h3';
  const headingId = `category-${category.id}`;
  const promotion = category.promoLabel ? promotionOf(category, category.promoLabel) : null;
  return (
    <section className="ticket-category" aria-labelledby={headingId} {...(promotion ? track.onView('view_promotion', promotion) : {})}>
      <div className="ticket-category__header">
        <Heading className="ticket-category__name" id={headingId}>
          {category.name}
        </Heading>
        {category.promoLabel ? <span className="promo-label">{category.promoLabel}</span> : null}
      </div>
      {category.description ? <p className="ticket-category__description">{category.description}</p> : null}
      {category.tickets.length > 0 ? (
        <ul className="ticket-list">
          {category.tickets.map((ticket) => (
            <li key={ticket.id}>
              <TicketCard ticket={ticket} category={category} data={data} />
            </li>
          ))}
        </ul>
      ) : null}
      {category.children.filter(hasTickets).map((child) => (
        <CategorySection key={child.id} category={child} data={data} level={3} />
      ))}
    </section>
  );
}

function TicketCard({ ticket, category, data }: { ticket: ShopTicket; category: ShopCategory; data: TicketsPageData }) {
  const { t, format } = useSite();
  const track = useTrack();
  const titleId = `ticket-${ticket.id}`;
  const discounted = ticket.discountedPrice !== ticket.originalPrice;
  const onSale = ticket.state === 'AVAILABLE_NOW' && ticket.isAvailable && !data.event.ended;
  const product = {
    product_category: category.name,
    product_name: ticket.name,
    product_id: ticket.id,
    product_price: ticket.discountedPrice,
  };
  return (
    <article className="ticket-card" aria-labelledby={titleId} data-state={ticket.state} {...track.onView('product_view', product)}>
      <div className="ticket-card__main">
        <div className="ticket-card__heading">
          <h3 className="ticket-card__name" id={titleId}>
            {ticket.name}
          </h3>
          <WaveBadge ticket={ticket} />
        </div>
        {ticket.wave ? <p className="ticket-card__wave">{t('shop:tickets.wave', { label: ticket.wave.label })}</p> : null}
        {ticket.description ? <p className="ticket-card__description">{ticket.description}</p> : null}
        {ticket.perks.length > 0 ? (
          <div className="ticket-card__perks">
            <p className="ticket-card__label">{t('shop:tickets.perks')}</p>
            <ul className="perk-list">
              {ticket.perks.map((perk) => (
                <li key={perk.id} className={perk.isHighlighted ? 'perk perk--highlighted' : 'perk'}>
                  <span className="perk__name">{perk.name}</span>
                  {perk.description ? <span className="perk__description">{perk.description}</span> : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {ticket.extras.length > 0 ? (
          <div className="ticket-card__extras">
            <p className="ticket-card__label">{t('shop:tickets.extras')}</p>
            <ul className="extra-list">
              {ticket.extras.map((extra) => (
                <li key={extra.id}>
                  {extra.name} <span className="extra-list__price">+{format.money(extra.price)}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <div className="ticket-card__buy">
        <p className="ticket-card__price">
          <span className="visually-hidden">{t('shop:tickets.price')}: </span>
          {discounted ? (
            <del className="price price--original">
              <span className="visually-hidden">{t('shop:tickets.originalPrice', { price: '' })}</span>
              {format.money(ticket.originalPrice)}
            </del>
          ) : null}{' '}
          <strong className="price">{format.money(ticket.discountedPrice)}</strong>
        </p>
        {onSale && ticket.paymentMethods.includes('INSTALMENTS') && !ticket.callbackFormType ? (
          <p className="ticket-card__instalments">
            {t('shop:tickets.instalments', { amount: format.money(fromHalalas(instalmentOf(toHalalas(ticket.discountedPrice)))) })}
          </p>
        ) : null}
        {(onSale || ticket.callbackFormType) && ticket.paymentMethods.length > 0 ? (
          <p className="ticket-card__payment">
            <span>{t('shop:tickets.paymentMethods')}</span>{' '}
            {ticket.paymentMethods.map((method) => (
              <span key={method} className="payment-method" data-method={method}>
                {t(`shop:tickets.paymentMethod.${method}`)}
              </span>
            ))}
          </p>
        ) : null}
        {ticket.isLowStock && onSale ? <p className="ticket-card__low-stock">{t('shop:tickets.lowStock')}</p> : null}
        {ticket.callbackFormType ? null : <ShopMessage form={ADD_FORM} match={{ ticketId: ticket.id }} />}
        {ticket.callbackFormType ? (
          <RequestForm ticket={ticket} days={data.days} received={data.requested === ticket.id} />
        ) : onSale ? (
          <AddForm ticket={ticket} category={category} />
        ) : (
          <p className="ticket-card__closed">{t('shop:tickets.notOnSale')}</p>
        )}
      </div>
    </article>
  );
}

function WaveBadge({ ticket }: { ticket: ShopTicket }) {
  const { t, format } = useSite();
  const label =
    ticket.state === 'COMING_SOON' && ticket.wave
      ? t('shop:tickets.state.COMING_SOON', { date: format.dateTime(ticket.wave.start) })
      : t(`shop:tickets.state.${ticket.state}`, { date: '' });
  return (
    <span className="wave-badge" data-state={ticket.state}>
      {label}
    </span>
  );
}

function AddForm({ ticket, category }: { ticket: ShopTicket; category: ShopCategory }) {
  const { t, urls, locale, format } = useSite();
  const track = useTrack();
  const state = useFormState(ADD_FORM);
  const mine = state && state.values.ticketId === ticket.id;
  const idPrefix = `add-${ticket.id}`;
  const promotion = category.promoLabel ? promotionOf(category, category.promoLabel) : null;
  return (
    <form className="ticket-card__form" method="post" action={urls.current(locale)} noValidate>
      <FormToken />
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="ticketId" value={ticket.id} />
      {ticket.timeslots.length > 0 ? (
        <SelectField
          form={mine ? ADD_FORM : `${ADD_FORM}-${ticket.id}`}
          idPrefix={idPrefix}
          name="timeslotId"
          label={t('shop:tickets.timeslot')}
          required
          options={ticket.timeslots.map((slot) => {
            const label = format.dateRange(slot.start, slot.end) + ` ${format.time(slot.start)}–${format.time(slot.end)}`;
            return { value: slot.id, label: slot.isAvailable ? label : t('shop:tickets.timeslotUnavailable', { slot: label }) };
          })}
        />
      ) : null}
      <TextField
        form={mine ? ADD_FORM : `${ADD_FORM}-${ticket.id}`}
        idPrefix={idPrefix}
        name="quantity"
        type="text"
        inputMode="numeric"
        label={t('shop:tickets.quantity')}
        hint={t('shop:tickets.maxPerOrder', { count: ticket.maxQuantity })}
        value="1"
        required
        min={1}
        max={ticket.maxQuantity}
        size={3}
      />
      <button className="button button--primary" type="submit" {...(promotion ? track('select_promotion', promotion) : {})}>
        {t('shop:tickets.add')}
      </button>
    </form>
  );
}

function RequestForm({ ticket, days, received }: { ticket: ShopTicket; days: TicketsPageData['days']; received: boolean }) {
  const { t, urls, locale } = useSite();
  const state = useFormState(REQUEST_FORM);
  const mine = Boolean(state && state.values.ticketId === ticket.id);
  const form = mine ? REQUEST_FORM : `${REQUEST_FORM}-${ticket.id}`;
  const idPrefix = `request-${ticket.id}`;
  const values = mine && state?.status !== 'succeeded' ? state!.values : {};
  return (
    <div className="ticket-request">
      <p>{t('shop:tickets.requestIntro')}</p>
      {received ? (
        <p className="form-success" role="status">
          {t('shop:request.sent')}
        </p>
      ) : null}
      <ShopMessage form={REQUEST_FORM} match={{ ticketId: ticket.id }} />
      <details className="ticket-request__details" open={mine && state?.status !== 'succeeded'}>
        <summary className="button button--ghost">{t('shop:tickets.requestShow')}</summary>
        <form className="ticket-request__form stack" method="post" action={urls.current(locale)} noValidate>
          <FormToken />
          <input type="hidden" name="intent" value="request" />
          <input type="hidden" name="ticketId" value={ticket.id} />
          <h4 className="ticket-request__title">{t('shop:request.title', { name: ticket.name })}</h4>
          <TextField
            form={form}
            idPrefix={idPrefix}
            name="firstName"
            label={t('shop:request.firstName')}
            autoComplete="given-name"
            required
          />
          <TextField
            form={form}
            idPrefix={idPrefix}
            name="lastName"
            label={t('shop:request.lastName')}
            autoComplete="family-name"
            required
          />
          <TextField
            form={form}
            idPrefix={idPrefix}
            name="email"
            type="email"
            label={t('shop:request.email')}
            autoComplete="email"
            required
          />
          <TextField
            form={form}
            idPrefix={idPrefix}
            name="phoneNumber"
            type="tel"
            label={t('shop:request.phone')}
            hint={t('shop:request.phoneHint')}
            autoComplete="tel"
            dir="ltr"
            required
          />
          <fieldset className="choice-group">
            <legend>{t('shop:request.contactOption')}</legend>
            {(['email', 'phone', 'whatsapp'] as const).map((option) => (
              <label key={option} className="choice">
                <input type="radio" name="contactOption" value={option} defaultChecked={(values.contactOption ?? 'email') === option} />{' '}
                {t(`shop:request.contact.${option}`)}
              </label>
            ))}
            <FieldError form={form} name="contactOption" idPrefix={idPrefix} />
          </fieldset>
          <fieldset className="choice-group">
            <legend>{t('shop:request.days')}</legend>
            {days.map((day) => (
              <label key={day.value} className="choice">
                <input type="checkbox" name={`day-${day.value}`} value="on" defaultChecked={values[`day-${day.value}`] === 'on'} />{' '}
                {day.label}
              </label>
            ))}
            <FieldError form={form} name="days" idPrefix={idPrefix} />
          </fieldset>
          <TextField
            form={form}
            idPrefix={idPrefix}
            name="groupSize"
            inputMode="numeric"
            label={t('shop:request.groupSize')}
            required
            size={4}
          />
          <SelectField
            form={form}
            idPrefix={idPrefix}
            name="groupType"
            label={t('shop:request.groupType')}
            required
            options={(['personal', 'corporate'] as const).map((type) => ({ value: type, label: t(`shop:request.group.${type}`) }))}
          />
          <label className="choice">
            <input type="checkbox" name="isPremiumBoxCustomer" value="on" defaultChecked={values.isPremiumBoxCustomer === 'on'} />{' '}
            {t('shop:request.premiumBoxCustomer')}
          </label>
          <button className="button button--primary" type="submit">
            {t('shop:request.submit')}
          </button>
        </form>
      </details>
    </div>
  );
}
