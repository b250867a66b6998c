/** The order-system application: it has its own wrapper (spec 1 §2 oss-wrapper, /logistics/resolve, §4 Logout). */
export const ORDER_SYSTEM = 'OSS';
