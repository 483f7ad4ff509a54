import { z } from 'zod';
import { AFFILIATE_CODE_PATTERN } from '#platform/affiliate-code.ts';

/** SPEC 9.4: the names of every analytics event the site sends. */
export const EVENT_NAMES = [
  'page_viewed',
  'section_viewed',
  'link_clicked',
  'pagination_clicked',
  'navigation_item_clicked',
  'navigation_closed',
  'language_switched',
  'carousel_arrow_clicked',
  'more_in_category_clicked',
  'pixel_subscribed',
  'faq_link_clicked',
  'faq_accordion_opened',
  'user_login_started',
  'user_login_failed',
  'user_registration_started',
  'user_registration_step_progressed',
  'user_registration_failed',
  'user_basic_info_updated',
  'user_data_enquired',
  'user_password_forgotten',
  'user_address_added',
  'user_address_removed',
  'user_address_updated',
  'social_shared',
  'social_media_post_clicked',
  'social_media_account_clicked',
  'coupon_code_succeeded',
  'coupon_code_failed',
  'catch_artist_clicked',
  'view_cart',
  'cart_add',
  'cart_remove',
  'checkout_option_customer',
  'checkout_option_details',
  'checkout_option_add_payment_info',
  'checkout_option_add_shipping_info',
  'checkout_option_add_billing_info',
  'checkout',
  'purchase',
  'product_view',
  'product_impression',
  'checkout_step_failed',
  'view_promotion',
  'select_promotion',
  'playlist_click',
] as const;

export type EventName = (typeof EVENT_NAMES)[number];

/** SPEC 9.4: what every event carries. */
export const commonProperties = z
  .object({
    page_type: z.string().min(1),
    category: z.string().nullable(),
    category_name: z.string().nullable(),
    tab_name: z.string().nullable(),
    user_country: z.string().nullable(),
    version: z.string().min(1),
    language: z.enum(['en', 'ar']),
    medium: z.literal('web'),
    submodule_name: z.string().nullable(),
    module_name: z.string().min(1),
    page_name: z.string().startsWith('/'),
  })
  .strict();

const text = z.string().max(500);

/** SPEC 9.4: promotions (the highlight banner) name themselves and their items. */
const promotion = z
  .object({
    creative_name: text,
    creative_slot: text,
    promotion_name: text,
    promotion_id: text,
    // SPEC 5: items must be a list and each item an object.
    items: z.array(z.object({ item_name: text }).strict()).max(50),
  })
  .strict();

/** SPEC 9.4: checkout steps are numbered from 1 (five at most: shipping only when an item ships). */
const checkoutStep = z.number().int().min(1).max(5);

/** SPEC 9.4: a checkout step done, with how many of its fields were filled correctly. */
const checkoutOption = z
  .object({ step_number: checkoutStep, total_fields: z.number().int().min(1), fields_succeeded: z.number().int().min(0) })
  .strict();

/** SPEC 9.4: a ticket as a product; amounts as decimal strings with two places. */
const amount = z.string().regex(/^\d+\.\d{2}$/);
const product = z
  .object({
    product_category: text,
    product_name: text,
    product_id: text,
    product_price: amount,
    quantity: z.number().int().min(0).max(34).optional(),
  })
  .strict();

/** SPEC 9.4: the cart fields of cart events. */
const cartFields = z
  .object({
    cart_id: text,
    quantity_number: z.number().int().min(0),
    single_item_original_price: amount,
    single_item_discounted_price: amount,
    item_currency: text,
    unique_extra_product_quantity: z.number().int().min(0),
    extra_product_ids: text,
    free_product_ids: text,
    total_extra_quantity: z.number().int().min(0),
  })
  .strict();

/** Where a navigation link was: the header's bar, the phone menu or the footer. */
const navigationType = z.enum(['header', 'mobile', 'footer']);

/**
 * The properties each event adds to the common ones. Schemas are strict: a wrong type, a value
 * out of range or a property nobody declared is a schema violation (SPEC 5, 8). Events whose
 * screens are not built yet have no schema here and are refused until they get one.
 */
export const EVENT_PROPERTIES: Partial<Record<EventName, z.ZodObject>> = {
  page_viewed: z.object({}).strict(),
  link_clicked: z.object({ link_label: text, link_url: text, section_name: text.optional() }).strict(),
  carousel_arrow_clicked: z.object({ carousel_arrow: z.enum(['previous', 'next']), section_name: text }).strict(),
  section_viewed: z.object({ section_name: text }).strict(),
  faq_accordion_opened: z.object({ faq_category: text, faq_item_title: text }).strict(),
  faq_link_clicked: z.object({ faq_item_title: text, faq_item_link: text }).strict(),
  catch_artist_clicked: z.object({ artist_name: text, event: text, link_url: text.optional() }).strict(),
  playlist_click: z.object({ playlist_name: text, link_url: text }).strict(),
  pagination_clicked: z.object({ pagination_name: text, pagination_type: text, next_page: text }).strict(),
  more_in_category_clicked: z.object({ link_label: text, link_url: text }).strict(),
  social_shared: z.object({ social_platform: z.enum(['twitter', 'facebook', 'whatsapp', 'linkedin', 'email']), link_url: text }).strict(),
  social_media_account_clicked: z.object({ social_platform: text, link_url: text, artist_name: text.optional() }).strict(),
  language_switched: z.object({ old_language_code: z.enum(['en', 'ar']), new_language_code: z.enum(['en', 'ar']) }).strict(),
  pixel_subscribed: z.object({ newsletter_name: text }).strict(),
  user_login_started: z.object({ provider: text }).strict(),
  // SPEC 7.4: sign-in failures are tracked with provider Default and a reason code.
  user_login_failed: z.object({ provider: text, reason_code: text }).strict(),
  // SPEC 9.4: sign-up is tracked by step (1 personal info, 2 password, 3 verification code).
  user_registration_started: z.object({ provider: text }).strict(),
  user_registration_step_progressed: z.object({ step_number: z.number().int().min(1).max(3) }).strict(),
  user_registration_failed: z.object({ step_number: z.number().int().min(1).max(3), provider: text, reason_code: text }).strict(),
  user_password_forgotten: z.object({}).strict(),
  // The account area (SPEC 9.4): what changed, never the personal data itself.
  user_basic_info_updated: z.object({}).strict(),
  user_address_added: z.object({ country_code: z.string().length(2) }).strict(),
  user_address_updated: z.object({ country_code: z.string().length(2) }).strict(),
  user_address_removed: z.object({}).strict(),
  user_data_enquired: z.object({}).strict(),
  view_promotion: promotion,
  select_promotion: promotion,
  navigation_item_clicked: z.object({ item_name: text, navigation_type: navigationType, link_url: text }).strict(),
  navigation_closed: z.object({ navigation_type: navigationType }).strict(),
  social_media_post_clicked: z.object({ social_platform: text, link_url: text, section_name: text.optional() }).strict(),
  // Checkout (SPEC 9.4, decision 0031): steps by number; field outcomes as counts, never the visitor's details.
  checkout: z
    .object({
      step_number: checkoutStep,
      total_product_quantity: z.number().int().min(0).max(34),
      product_ids: text,
      total_free_quantity: z.number().int().min(0),
    })
    .strict(),
  checkout_step_failed: z.object({ step_number: checkoutStep, first_error: text, error_count: z.number().int().min(1) }).strict(),
  checkout_option_customer: checkoutOption,
  checkout_option_details: checkoutOption,
  checkout_option_add_billing_info: checkoutOption.extend({ country_code: z.string().length(2) }).strict(),
  checkout_option_add_shipping_info: checkoutOption.extend({ country_code: z.string().length(2) }).strict(),
  checkout_option_add_payment_info: checkoutOption
    .extend({ accepted_terms: z.literal(true), payment_method: z.enum(['CREDIT_CARD', 'MOBILE_WALLET', 'INSTALMENTS', 'LOYALTY_POINTS']) })
    .strict(),
  purchase: z
    .object({
      order_id: text,
      ticketing_platform_customer_id: text,
      coupon_codes: text,
      item_count: z.number().int().min(0),
      addon_item_count: z.number().int().min(0),
      free_item_count: z.number().int().min(0),
      total_amount: amount,
      sub_total_amount: amount,
      tax_amount: amount,
      discount_amount: amount,
      currency: z.literal('SAR'),
      // SPEC 7.4: the partner credited with the sale, so that partner sales can be counted; null without one.
      affiliate_code: z.string().regex(AFFILIATE_CODE_PATTERN).nullable(),
    })
    .strict(),
  // The ticket shop (SPEC 9.4): products are tickets, amounts decimal strings as the API gives them.
  product_impression: z.object({ product_impression_id: text, product_impression_name: text, product_impression_category: text }).strict(),
  product_view: product,
  cart_add: product.extend(cartFields.shape).strict(),
  cart_remove: product.extend(cartFields.shape).strict(),
  view_cart: z.object({ cart_id: text, quantity_number: z.number().int().min(0), item_currency: text, product_ids: text }).strict(),
  coupon_code_succeeded: z
    .object({ coupon_code: text, old_subtotal_price: amount, new_subtotal_price: amount, currency: text, cart_id: text })
    .strict(),
  coupon_code_failed: z.object({ coupon_code: text, reason_code: text, cart_id: text }).strict(),
};
