/**
 * SPEC 7.4, 9.2: a partner's affiliate code, as its link carries it, the cookie keeps it and an order
 * records it: letters, digits, `-` and `_`, at most 64 (the database checks the same pattern).
 */
export const AFFILIATE_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const isAffiliateCode = (value: unknown): value is string => typeof value === 'string' && AFFILIATE_CODE_PATTERN.test(value);
