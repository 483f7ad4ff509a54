-- Order.paymentLink (the provider's page, to go back to it while the order is pending) and the
-- provider's reference for a void: kept on the payment, the service's view of it.
alter table commerce.payments add column payment_link text;
create index payments_pending_by_order on commerce.payments (order_id) where state in ('PENDING', 'CHALLENGE');
