/** Every path the SPA links to. Pages without a route yet render the 404 page until their issue lands. */
export const paths = {
  home: '/',
  notFound: '/404',
  login: '/login',
  register: '/register',
  forgot: '/forgot',
  resetPassword: '/resetpassword',
  myAccount: '/my-account',
  myChangePassword: '/my-changepwd',
  myMembership: '/my-membership',
  myHistory: '/my-history',
  myAddress: '/my-address',
  myCollect: '/my-collect',
  myNotice: '/my-notice',
  mySupport: '/my-support',
  myInfo: '/my-info',
  myOrder: '/my-order',
  cart: '/cart',
  checkout: '/checkout',
  paying: '/paying',
  billPay: '/bill-pay',
  successPayment: '/success-payment',
  cancelPayment: '/cancel',
  paypal: '/paypal',
  order: '/order',
  sale: '/sale',
  wholesale: '/wholesale',
  affiliate: '/affiliate',
  feedback: '/feedback',
  newsletterConfirm: '/newsletter/confirm',
  newsletterUnsubscribe: '/newsletter/unsubscribe',
  games: '/games',
  news: '/news',
  newsInfo: '/newsInfo',
  aboutUs: '/about-us',
  contactUs: '/contact-us',
  condition: '/condition',
  privacyPolicy: '/privacy-policy',
  refundPolicy: '/refund-policy',
  shipping: '/shipping',
  staff: '/staff',
  staffLogin: '/staff/login',
  staffEnroll: '/staff/enroll',
  staffRefunds: '/staff/refunds',
  staffTeam: '/staff/team',
  staffSessions: '/staff/sessions',
  staffAudit: '/staff/audit',
  staffOrders: '/staff/orders',
  staffStock: '/staff/stock',
  staffCustomers: '/staff/customers',
  staffCoupons: '/staff/coupons',
  staffProducts: '/staff/products',
  staffSettings: '/staff/settings',
  staffNotices: '/staff/notices',
  staffReviews: '/staff/reviews',
  staffNews: '/staff/news',
  staffPages: '/staff/pages',
  staffNewsletters: '/staff/newsletters',
  staffForms: '/staff/forms',
  staffTickets: '/staff/tickets',
  staffChat: '/staff/chat',
  staffPayments: '/staff/payment-methods',
  staffLevels: '/staff/levels',
} as const;

/** The footer pages, served by `/api/home/page/{slug}`; the slug is the path without `/`. */
export const SITE_PAGE_SLUGS = [
  'about-us',
  'contact-us',
  'condition',
  'privacy-policy',
  'refund-policy',
  'shipping',
] as const;

export type SitePageSlug = (typeof SITE_PAGE_SLUGS)[number];

/** `/{gameName}/{gameExtName}`: a product's page. */
export function productPath(gameName: string, gameExtName: string): string {
  return `/${encodeURIComponent(gameName)}/${encodeURIComponent(gameExtName)}`;
}

/** `/{code}`: the list of one type, platform or genre. */
export function listPath(code: string): string {
  return `/${encodeURIComponent(code)}`;
}

/** `/games?text=…`: the search results for a text. */
export function searchPath(text: string): string {
  const query = new URLSearchParams({ text: text.trim() });
  return `${paths.games}?${query.toString()}`;
}

/** `/newsInfo?id=…`: one news item. */
export function newsItemPath(id: number | string): string {
  return `${paths.newsInfo}?${new URLSearchParams({ id: String(id) }).toString()}`;
}

/** `/order/{orderNo}`: a guest's order (the e-mail's link adds `#token=…`). */
export function orderPath(orderNo: string): string {
  return `${paths.order}/${encodeURIComponent(orderNo)}`;
}

/** `/my-order?no=…`: one of the member's orders. */
export function myOrderPath(orderNo: string): string {
  return `${paths.myOrder}?${new URLSearchParams({ no: orderNo }).toString()}`;
}

/** A page of the payment flow for one order: `/paying?order=…`, `/success-payment?order=…`. */
export function paymentPath(
  path: (typeof paths)['paying' | 'successPayment' | 'cancelPayment'],
  orderNo: string,
): string {
  return `${path}?${new URLSearchParams({ order: orderNo }).toString()}`;
}

/** `/bill-pay?session=…&order=…`: the sandbox's card page for one payment session. */
export function billPayPath(sessionId: string, orderNo: string): string {
  return `${paths.billPay}?${new URLSearchParams({ session: sessionId, order: orderNo }).toString()}`;
}

/** The account area: every page under it needs a signed-in member. */
export function isAccountPath(pathname: string): boolean {
  return /^\/my-[a-z]+\/?$/.test(pathname);
}

/** `/login?redirect=…`: sign in, then come back to `to` (a path of this site). */
export function loginPath(to?: string): string {
  if (!to || to === paths.home || !isSafeRedirect(to)) return paths.login;
  return `${paths.login}?${new URLSearchParams({ redirect: to }).toString()}`;
}

/** Only paths of this site: `/x`, never `//host` or `/\host` or a scheme. */
export function isSafeRedirect(to: string | null | undefined): to is string {
  return typeof to === 'string' && /^\/(?![/\\])/.test(to) && !to.startsWith(paths.login);
}
