import { data, type LoaderFunctionArgs, type RouteObject } from 'react-router';

import { HomeRoute } from '@/features/home/routes/home';
import { paths, SITE_PAGE_SLUGS, type SitePageSlug } from '@/config/paths';
import { listKindOf } from '@/lib/catalog/codes';
import type { TranslationKey } from '@/lib/i18n/i18n';

import { MainLayout } from './layout/main-layout';
import type { RouteHandle } from './route-handle';
import { LayoutError } from './routes/layout-error';
import { RootRoute } from './routes/root';
import { RouteError } from './routes/route-error';
import { RouteLoading } from './routes/route-loading';

const handle = (titleKey: TranslationKey): RouteHandle => ({ titleKey });

const lazyNotFound = async () => {
  const { NotFoundRoute } = await import(
    /* webpackChunkName: "route-not-found" */ '@/features/misc/routes/not-found'
  );
  return { Component: NotFoundRoute };
};

const lazySitePage = async () => {
  const { SitePageRoute } = await import(
    /* webpackChunkName: "route-site-page" */ '@/features/pages/routes/site-page'
  );
  return { Component: SitePageRoute };
};

/** A lazily loaded page: `load` imports its module, `name` is the exported component. */
function page(
  titleKey: TranslationKey,
  path: string,
  load: () => Promise<Record<string, unknown>>,
  name: string,
): RouteObject {
  return {
    path,
    handle: handle(titleKey),
    lazy: async () => ({ Component: (await load())[name] as React.ComponentType }),
  };
}

const lazyFormPage = () =>
  import(/* webpackChunkName: "route-forms" */ '@/features/forms/routes/form-page');
const lazyNewsletterLink = () =>
  import(/* webpackChunkName: "route-forms" */ '@/features/forms/routes/newsletter-link');
const auth = {
  login: () => import(/* webpackChunkName: "route-auth" */ '@/features/auth/routes/login'),
  register: () => import(/* webpackChunkName: "route-auth" */ '@/features/auth/routes/register'),
  forgot: () => import(/* webpackChunkName: "route-auth" */ '@/features/auth/routes/forgot'),
  reset: () => import(/* webpackChunkName: "route-auth" */ '@/features/auth/routes/reset-password'),
};
const account = {
  layout: () =>
    import(/* webpackChunkName: "route-account" */ '@/features/account/components/account-layout'),
  overview: () =>
    import(/* webpackChunkName: "route-account" */ '@/features/account/routes/my-account'),
  info: () => import(/* webpackChunkName: "route-account" */ '@/features/account/routes/my-info'),
  password: () =>
    import(/* webpackChunkName: "route-account" */ '@/features/account/routes/my-changepwd'),
  membership: () =>
    import(/* webpackChunkName: "route-account" */ '@/features/account/routes/my-membership'),
  history: () =>
    import(/* webpackChunkName: "route-account" */ '@/features/account/routes/my-history'),
  address: () =>
    import(/* webpackChunkName: "route-account" */ '@/features/account/routes/my-address'),
  collect: () =>
    import(/* webpackChunkName: "route-account" */ '@/features/account/routes/my-collect'),
  notice: () =>
    import(/* webpackChunkName: "route-account" */ '@/features/account/routes/my-notice'),
  support: () =>
    import(/* webpackChunkName: "route-account" */ '@/features/account/routes/my-support'),
};

const shop = {
  cart: () => import(/* webpackChunkName: "route-shop" */ '@/features/shop/routes/cart'),
  checkout: () => import(/* webpackChunkName: "route-shop" */ '@/features/shop/routes/checkout'),
  paying: () => import(/* webpackChunkName: "route-shop" */ '@/features/shop/routes/paying'),
  billPay: () => import(/* webpackChunkName: "route-shop" */ '@/features/shop/routes/bill-pay'),
  success: () =>
    import(/* webpackChunkName: "route-shop" */ '@/features/shop/routes/success-payment'),
  cancel: () =>
    import(/* webpackChunkName: "route-shop" */ '@/features/shop/routes/cancel-payment'),
  paypal: () => import(/* webpackChunkName: "route-shop" */ '@/features/shop/routes/paypal-return'),
  order: () => import(/* webpackChunkName: "route-shop" */ '@/features/shop/routes/order'),
  myOrder: () => import(/* webpackChunkName: "route-shop" */ '@/features/shop/routes/my-order'),
};

/** The staff console: its own chunk, so a shopper never downloads it. */
const staff = {
  layout: () =>
    import(/* webpackChunkName: "route-staff" */ '@/features/staff/components/staff-layout'),
  login: () => import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-login'),
  enroll: () =>
    import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-enroll'),
  home: () => import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-home'),
  refunds: () =>
    import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-refunds'),
  team: () => import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-team'),
  sessions: () =>
    import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-sessions'),
  audit: () => import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-audit'),
  orders: () =>
    import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-orders'),
  order: () => import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-order'),
  stock: () => import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-stock'),
  customers: () =>
    import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-customers'),
  customer: () =>
    import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-customer'),
  coupons: () =>
    import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-coupons'),
  products: () =>
    import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-products'),
  product: () =>
    import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-product'),
  settings: () =>
    import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-settings'),
  notices: () =>
    import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-notices'),
  reviews: () =>
    import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-reviews'),
  news: () => import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-news'),
  newsItem: () =>
    import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-news-item'),
  pages: () => import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-pages'),
  newsletters: () =>
    import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-newsletters'),
  newsletter: () =>
    import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-newsletter'),
  forms: () => import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-forms'),
  tickets: () =>
    import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-tickets'),
  chat: () => import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-chat'),
  ticket: () =>
    import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-ticket'),
  payments: () =>
    import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-payment-methods'),
  levels: () =>
    import(/* webpackChunkName: "route-staff" */ '@/features/staff/routes/staff-levels'),
};

const SITE_PAGE_TITLES: Readonly<Record<SitePageSlug, TranslationKey>> = {
  'about-us': 'nav.aboutUs',
  'contact-us': 'nav.contactUs',
  condition: 'nav.condition',
  'privacy-policy': 'nav.privacyPolicy',
  'refund-policy': 'nav.refundPolicy',
  shipping: 'nav.shipping',
};

/**
 * `/{code}` lists one type, platform or genre; any other single segment is not a page, and
 * the layout's error element shows the 404 page for it (outside the layout, as for every
 * unknown path).
 */
function categoryLoader({ params }: LoaderFunctionArgs) {
  if (listKindOf(params.name) === null) {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- react-router's 404
    throw data(null, { status: 404 });
  }
  return null;
}

/**
 * The route tree. The root route runs the navigation rules for every page; the main layout
 * (header and footer) stays mounted while its pages change; PayPal's return page and the 404
 * page sit outside it.
 * Unknown paths render the 404 page in place, so the address the shopper typed stays.
 */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteError />,
    HydrateFallback: RouteLoading,
    children: [
      {
        element: <MainLayout />,
        errorElement: <LayoutError />,
        children: [
          {
            index: true,
            handle: handle('pageTitle.home'),
            // In the entry, not lazy: the router renders the home page (the most opened first
            // view) as soon as the entry has run, without a chunk's round trip first.
            Component: HomeRoute,
          },
          {
            path: paths.games,
            handle: handle('pageTitle.games'),
            lazy: async () => {
              const { GamesRoute } = await import(
                /* webpackChunkName: "route-games" */ '@/features/catalog/routes/games'
              );
              return { Component: GamesRoute };
            },
          },
          {
            path: paths.news,
            handle: handle('pageTitle.news'),
            lazy: async () => {
              const { NewsRoute } = await import(
                /* webpackChunkName: "route-news" */ '@/features/news/routes/news'
              );
              return { Component: NewsRoute };
            },
          },
          {
            path: paths.newsInfo,
            handle: handle('pageTitle.newsItem'),
            lazy: async () => {
              const { NewsItemRoute } = await import(
                /* webpackChunkName: "route-news-item" */ '@/features/news/routes/news-item'
              );
              return { Component: NewsItemRoute };
            },
          },
          page('pageTitle.login', paths.login, auth.login, 'LoginRoute'),
          page('pageTitle.register', paths.register, auth.register, 'RegisterRoute'),
          page('pageTitle.forgot', paths.forgot, auth.forgot, 'ForgotRoute'),
          page('pageTitle.resetPassword', paths.resetPassword, auth.reset, 'ResetPasswordRoute'),
          {
            lazy: async () => ({ Component: (await account.layout()).AccountLayout }),
            children: [
              page('pageTitle.myAccount', paths.myAccount, account.overview, 'MyAccountRoute'),
              page('pageTitle.myOrder', paths.myOrder, shop.myOrder, 'MyOrderRoute'),
              page('pageTitle.myInfo', paths.myInfo, account.info, 'MyInfoRoute'),
              page(
                'pageTitle.myChangePassword',
                paths.myChangePassword,
                account.password,
                'MyChangePasswordRoute',
              ),
              page(
                'pageTitle.myMembership',
                paths.myMembership,
                account.membership,
                'MyMembershipRoute',
              ),
              page('pageTitle.myHistory', paths.myHistory, account.history, 'MyHistoryRoute'),
              page('pageTitle.myAddress', paths.myAddress, account.address, 'MyAddressRoute'),
              page('pageTitle.myCollect', paths.myCollect, account.collect, 'MyCollectRoute'),
              page('pageTitle.myNotice', paths.myNotice, account.notice, 'MyNoticeRoute'),
              page('pageTitle.mySupport', paths.mySupport, account.support, 'MySupportRoute'),
            ],
          },
          page('pageTitle.cart', paths.cart, shop.cart, 'CartRoute'),
          page('pageTitle.checkout', paths.checkout, shop.checkout, 'CheckoutRoute'),
          page('pageTitle.paying', paths.paying, shop.paying, 'PayingRoute'),
          page('pageTitle.billPay', paths.billPay, shop.billPay, 'BillPayRoute'),
          page(
            'pageTitle.successPayment',
            paths.successPayment,
            shop.success,
            'SuccessPaymentRoute',
          ),
          page('pageTitle.cancelPayment', paths.cancelPayment, shop.cancel, 'CancelPaymentRoute'),
          page('pageTitle.order', `${paths.order}/:orderNo`, shop.order, 'OrderRoute'),
          page('forms.sale.title', paths.sale, lazyFormPage, 'FormPageRoute'),
          page('forms.wholesale.title', paths.wholesale, lazyFormPage, 'FormPageRoute'),
          page('forms.affiliate.title', paths.affiliate, lazyFormPage, 'FormPageRoute'),
          page('forms.feedback.title', paths.feedback, lazyFormPage, 'FormPageRoute'),
          page(
            'pageTitle.newsletter',
            paths.newsletterConfirm,
            lazyNewsletterLink,
            'NewsletterLinkRoute',
          ),
          page(
            'pageTitle.newsletter',
            paths.newsletterUnsubscribe,
            lazyNewsletterLink,
            'NewsletterLinkRoute',
          ),
          ...SITE_PAGE_SLUGS.map((slug): RouteObject => ({
            path: `/${slug}`,
            handle: handle(SITE_PAGE_TITLES[slug]),
            lazy: lazySitePage,
          })),
          {
            path: '/:name',
            handle: handle('pageTitle.category'),
            loader: categoryLoader,
            lazy: async () => {
              const { CategoryRoute } = await import(
                /* webpackChunkName: "route-games" */ '@/features/catalog/routes/category'
              );
              return { Component: CategoryRoute };
            },
          },
          {
            path: '/:gameName/:gameExtName',
            handle: handle('pageTitle.product'),
            lazy: async () => {
              const { ProductRoute } = await import(
                /* webpackChunkName: "route-product" */ '@/features/product/routes/product'
              );
              return { Component: ProductRoute };
            },
          },
        ],
      },
      // The staff console has a layout of its own (no shop header or footer).
      page('pageTitle.staff', paths.staffLogin, staff.login, 'StaffLoginRoute'),
      page('pageTitle.staff', paths.staffEnroll, staff.enroll, 'StaffEnrollRoute'),
      {
        path: paths.staff,
        handle: handle('pageTitle.staff'),
        lazy: async () => ({ Component: (await staff.layout()).StaffLayout }),
        children: [
          {
            index: true,
            handle: handle('pageTitle.staff'),
            lazy: async () => ({ Component: (await staff.home()).StaffHomeRoute }),
          },
          page('pageTitle.staff', paths.staffRefunds, staff.refunds, 'StaffRefundsRoute'),
          page('pageTitle.staff', paths.staffTeam, staff.team, 'StaffTeamRoute'),
          page('pageTitle.staff', paths.staffSessions, staff.sessions, 'StaffSessionsRoute'),
          page('pageTitle.staff', paths.staffAudit, staff.audit, 'StaffAuditRoute'),
          page('pageTitle.staff', paths.staffOrders, staff.orders, 'StaffOrdersRoute'),
          page('pageTitle.staff', `${paths.staffOrders}/:orderNo`, staff.order, 'StaffOrderRoute'),
          page('pageTitle.staff', paths.staffStock, staff.stock, 'StaffStockRoute'),
          page('pageTitle.staff', paths.staffCustomers, staff.customers, 'StaffCustomersRoute'),
          page(
            'pageTitle.staff',
            `${paths.staffCustomers}/:id`,
            staff.customer,
            'StaffCustomerRoute',
          ),
          page('pageTitle.staff', paths.staffCoupons, staff.coupons, 'StaffCouponsRoute'),
          page('pageTitle.staff', paths.staffProducts, staff.products, 'StaffProductsRoute'),
          page('pageTitle.staff', `${paths.staffProducts}/:id`, staff.product, 'StaffProductRoute'),
          page('pageTitle.staff', paths.staffSettings, staff.settings, 'StaffSettingsRoute'),
          page('pageTitle.staff', paths.staffNotices, staff.notices, 'StaffNoticesRoute'),
          page('pageTitle.staff', paths.staffReviews, staff.reviews, 'StaffReviewsRoute'),
          page('pageTitle.staff', paths.staffNews, staff.news, 'StaffNewsRoute'),
          page('pageTitle.staff', `${paths.staffNews}/:id`, staff.newsItem, 'StaffNewsItemRoute'),
          page('pageTitle.staff', paths.staffPages, staff.pages, 'StaffPagesRoute'),
          page('pageTitle.staff', paths.staffForms, staff.forms, 'StaffFormsRoute'),
          page('pageTitle.staff', paths.staffTickets, staff.tickets, 'StaffTicketsRoute'),
          page('pageTitle.staff', paths.staffChat, staff.chat, 'StaffChatRoute'),
          page('pageTitle.staff', `${paths.staffTickets}/:id`, staff.ticket, 'StaffTicketRoute'),
          page('pageTitle.staff', paths.staffPayments, staff.payments, 'StaffPaymentMethodsRoute'),
          page('pageTitle.staff', paths.staffLevels, staff.levels, 'StaffLevelsRoute'),
          page(
            'pageTitle.staff',
            paths.staffNewsletters,
            staff.newsletters,
            'StaffNewslettersRoute',
          ),
          page(
            'pageTitle.staff',
            `${paths.staffNewsletters}/:id`,
            staff.newsletter,
            'StaffNewsletterRoute',
          ),
        ],
      },
      // Spec: PayPal's return page stands outside the main layout (no header or footer).
      page('pageTitle.paypal', paths.paypal, shop.paypal, 'PaypalReturnRoute'),
      { path: paths.notFound, handle: handle('pageTitle.notFound'), lazy: lazyNotFound },
      { path: '*', handle: handle('pageTitle.notFound'), lazy: lazyNotFound },
    ],
  },
];
