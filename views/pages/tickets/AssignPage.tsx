import { FormToken } from '../../components/FormToken.tsx';
import { FormMessage, TextField } from '../../components/FormField.tsx';
import { useSite } from '../../site-context.tsx';
import type { OrderView } from './commerce-data.ts';
import { orderQuery } from './ConfirmationPage.tsx';
import { TicketShopFrame, type ShopFrameEvent } from './TicketShopFrame.tsx';

export const ASSIGN_FORM = 'assign-tickets';

export interface AssignPageData {
  event: ShopFrameEvent;
  order: OrderView;
  secret: string | null;
}

/** SPEC 4.3: one row per ticket (first name, last name, e-mail), prefilled with the current holders. */
export function AssignPage({ data }: { data: AssignPageData }) {
  const { t, urls, locale } = useSite();
  const { event, order, secret } = data;
  const backLink = `${urls.route('ticketsConfirmation', { eventSlug: event.slug })}${orderQuery(order, secret)}`;
  return (
    <TicketShopFrame event={event} step="confirmation">
      <section className="assign stack">
        <header>
          <h1 className="checkout__title">{t('checkout:assign.title')}</h1>
          <p className="account-section__lead">{t('checkout:assign.lead')}</p>
          <p>
            {t('checkout:confirmation.orderId')}: <bdi dir="ltr">{order.id}</bdi>
          </p>
        </header>
        {order.state !== 'PAID' ? (
          <p className="form-error" role="alert">
            {t('checkout:assign.notPaid')}
          </p>
        ) : (
          <form className="stack" method="post" action={urls.current(locale)} noValidate>
            <FormToken />
            <input type="hidden" name="intent" value={ASSIGN_FORM} />
            <FormMessage form={ASSIGN_FORM} />
            {order.pdfTickets.map((ticket, index) => (
              <fieldset key={ticket.id} className="account-panel assign__ticket">
                <legend className="account-panel__title">
                  {t('checkout:assign.ticket', { number: index + 1, name: ticket.name[locale] })}
                </legend>
                <input type="hidden" name={`ticket.${index}.id`} value={ticket.id} />
                <div className="account-form__grid">
                  <TextField
                    form={ASSIGN_FORM}
                    name={`ticket.${index}.firstName`}
                    label={t('checkout:assign.firstName')}
                    value={ticket.holder?.firstName}
                    required
                  />
                  <TextField
                    form={ASSIGN_FORM}
                    name={`ticket.${index}.lastName`}
                    label={t('checkout:assign.lastName')}
                    value={ticket.holder?.lastName}
                    required
                  />
                  <TextField
                    form={ASSIGN_FORM}
                    name={`ticket.${index}.email`}
                    type="email"
                    dir="ltr"
                    label={t('checkout:assign.email')}
                    value={ticket.holder?.email}
                    required
                  />
                </div>
              </fieldset>
            ))}
            <div className="account-form__actions">
              <button type="submit" className="button button--primary">
                {t('checkout:assign.submit')}
              </button>
            </div>
          </form>
        )}
        <p>
          <a href={backLink}>{t('checkout:assign.backToOrder')}</a>
        </p>
      </section>
    </TicketShopFrame>
  );
}
