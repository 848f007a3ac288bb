/**
 * The DTOs the SPA names, all derived from the generated OpenAPI types (`schema.d.ts`, from
 * `openapi.json` by `npm run gen:api`); nothing here is written by hand. JSON is camelCase
 * (except `is_success` of the session check); money is minor units (US cents in product
 * cards, the order's or cart's own currency there); times are epoch milliseconds.
 */
import type { components, paths } from './schema';

/** The `data` of a GET path's 200 envelope, straight from the generated OpenAPI types. */
export type ResponseData<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': { data: infer D } } } } };
}
  ? D
  : never;

/** The query parameters of a GET path. */
export type QueryParams<P extends keyof paths> = paths[P] extends {
  get: { parameters: { query?: infer Q } };
}
  ? NonNullable<Q>
  : never;

type Schemas = components['schemas'];

// --- Vocabularies (string enums of their codes, from keyshop_core::vocab) ---------------

export type OrderState = Schemas['OrderState'];
export type PaymentState = Schemas['PaymentState'];
export type PaymentProvider = Schemas['PaymentProvider'];
export type TicketStatus = Schemas['TicketStatus'];

// --- Site ----------------------------------------------------------------------------------

export type LanguageDto = Schemas['LanguageDto'];
export type CurrencyDto = Schemas['CurrencyDto'];
/** Public site settings (`/api/home/config`): every value is a string. */
export type SiteConfigDto = ResponseData<'/prod-api/api/home/config'>;
export type ConfigValueDto = ResponseData<'/prod-api/api/home/config/configKey/{key}'>;
export type LocationDto = Schemas['LocationDto'];

// --- Catalogue -----------------------------------------------------------------------------

/** A product card; prices are USD minor units. */
export type ProductCardDto = Schemas['ProductCardDto'];
export type NavigationBarDto = Schemas['NavigationBarDto'];
/** A page of products with the facet counts of the filters. */
export type QueryGamesDto = ResponseData<'/prod-api/api/home/queryGames'>;
export type QueryGamesQuery = QueryParams<'/prod-api/api/home/queryGames'>;
export type FacetsDto = Schemas['FacetsDto'];
/** A page of the products of one type, platform or genre. */
export type TypeListDto = ResponseData<'/prod-api/api/home/type/{code}'>;
export type SuggestionDto = Schemas['SuggestionDto'];

export type ProductDetailDto = ResponseData<'/prod-api/api/home/games/{gameName}/{gameExtName}'>;
export type SystemRequirementsDto = Schemas['RequirementSetDto'];
export type RatingSummaryDto = Schemas['RatingSummaryDto'];
export type ReviewPageDto =
  ResponseData<'/prod-api/api/home/games/{gameName}/{gameExtName}/reviews'>;
export type ReviewDto = Schemas['ReviewDto'];
/** The review form sends every field (the schema marks them optional for the server's checks). */
export type ReviewInputDto = Required<Schemas['PostReviewBody']>;
export type PostedReviewDto = Schemas['PostedReviewDto'];

export type NewsPageDto = ResponseData<'/prod-api/api/home/gamesNews'>;
/** A news item; `body` is empty in lists. */
export type NewsDto = Schemas['NewsDto'];
export type SitePageDto = Schemas['PageDto'];

// --- Member: captcha, sign-in, session, password reset -------------------------------------

/** `img` is a base64 PNG without the `data:` prefix. Single use, 2 min. */
export type CaptchaDto = Schemas['CaptchaDto'];
export type RegisterBody = Schemas['RegisterBody'];
/** `account` is the e-mail; `code`/`uuid` are empty until the server asks for the captcha. */
export type LoginBody = Schemas['LoginBody'];
export type LoginDto = Schemas['LoginDto'];
export type MemberInfoDto = Schemas['MemberInfoDto'];
export type SessionCheckBody = Schemas['SessionCheckBody'];
/** `state`: 0 anonymous, 1 signed in, 2 disabled. */
export type SessionCheckDto = Schemas['SessionCheckDto'];
export type SaveVisitBody = Schemas['SaveVisitBody'];
export type ForgetBody = Schemas['ForgetBody'];
export type VerifyBody = Schemas['VerifyBody'];
export type VerifyDto = Schemas['VerifyDto'];
export type ResetPasswordBody = Schemas['ResetPasswordBody'];

// --- Member: account area ------------------------------------------------------------------

export type ProfileDto = Schemas['ProfileDto'];
export type ProfileBody = Schemas['ProfileBody'];
export type CountryDto = Schemas['CountryDto'];
export type ChangePasswordBody = Schemas['ChangePasswordBody'];
export type LoginHistoryPageDto = ResponseData<'/prod-api/api/loginHistory'>;
export type AddressDto = Schemas['AddressDto'];
export type AddressBody = Schemas['AddressBody'];
export type IdDto = Schemas['IdDto'];
export type CollectPageDto = ResponseData<'/prod-api/api/collect'>;
export type NoticePageDto = ResponseData<'/prod-api/api/notices'>;
export type UnreadCountDto = Schemas['CountDto'];
export type LevelDto = Schemas['LevelDto'];
export type UserLevelInfoDto = Schemas['UserLevelInfoDto'];
export type TicketDto = Schemas['TicketDto'];
export type TicketPageDto = ResponseData<'/prod-api/api/tickets'>;
export type TicketThreadDto = Schemas['TicketThreadDto'];
export type OpenTicketBody = Schemas['OpenTicketBody'];

// --- Forms and newsletter ------------------------------------------------------------------

export type SaleFormBody = Schemas['SaleFormBody'];
export type WholesaleFormBody = Schemas['WholesaleFormBody'];
export type AffiliateFormBody = Schemas['AffiliateFormBody'];
export type FeedbackFormBody = Schemas['FeedbackFormBody'];
export type NewsletterSubscribeBody = Schemas['SubscribeBody'];
/** Confirm and unsubscribe: the token from the link's fragment. */
export type NewsletterTokenBody = Schemas['NewsletterTokenBody'];

// --- Money path: cart, checkout, orders, payment sessions ----------------------------------

/** The whole cart, priced in its `currency` (minor units); `count` is the header badge. */
export type CartDto = Schemas['CartDto'];
export type CartLineDto = Schemas['CartLineDto'];
export type CheckoutBody = Schemas['CheckoutBody'];
export type PlacedDto = Schemas['PlacedDto'];
export type OrderDto = Schemas['OrderDto'];
export type OrderPageDto = ResponseData<'/prod-api/api/orders'>;
export type OrderLineDto = Schemas['OrderLineDto'];
export type OrderKeysDto = Schemas['OrderKeysDto'];
export type PaymentMethodDto = Schemas['PaymentMethodDto'];
export type PaymentSessionDto = Schemas['PaymentSessionDto'];
export type CardBody = Schemas['CardBody'];

// --- Staff console ---------------------------------------------------------------------------

export type StaffRole = Schemas['StaffRole'];
/** The signed-in member of staff and what their role may do (`permissions`). */
export type StaffDto = Schemas['StaffDto'];
export type StaffSessionDto = Schemas['StaffSessionDto'];
export type StaffLoginBody = Schemas['StaffLoginBody'];
export type StaffSessionInfoDto = Schemas['StaffSessionInfoDto'];
export type EnrollmentDto = Schemas['EnrollmentDto'];
export type FinishEnrollmentBody = Schemas['FinishEnrollmentBody'];
export type RecoveryCodesDto = Schemas['RecoveryCodesDto'];
export type InviteBody = Schemas['InviteBody'];
export type InvitationDto = Schemas['InvitationDto'];
export type RefundRequestDto = Schemas['RefundRequestDto'];
export type RefundQueueDto = ResponseData<'/prod-api/api/staff/refunds'>;
export type RefundDecisionBody = Schemas['RefundDecisionBody'];
export type RefundDecidedDto = Schemas['RefundDecidedDto'];
export type AuditAction = Schemas['AuditAction'];
export type AuditRecordDto = Schemas['AuditRecordDto'];
export type AuditPageDto = ResponseData<'/prod-api/api/staff/audit'>;
export type StaffAccountDto = Schemas['StaffAccountDto'];
export type UpdateStaffBody = Schemas['UpdateStaffBody'];
export type StaffOrderDto = Schemas['StaffOrderDto'];
export type StaffOrderPageDto = ResponseData<'/prod-api/api/staff/orders'>;
export type StaffOrderSearch = QueryParams<'/prod-api/api/staff/orders'>;
export type DashboardDto = Schemas['DashboardDto'];
export type DayDto = Schemas['DayDto'];
export type HourDto = Schemas['HourDto'];
export type StockDto = Schemas['StockDto'];
export type StockPageDto = ResponseData<'/prod-api/api/staff/stock'>;
export type StockSearch = QueryParams<'/prod-api/api/staff/stock'>;
export type ImportReportDto = Schemas['ImportReportDto'];
export type KeyFileFormat = Schemas['KeyFileFormat'];
export type StaffNoteDto = Schemas['StaffNoteDto'];
export type PaymentAttemptDto = Schemas['PaymentAttemptDto'];
export type DeliveryRecordDto = Schemas['DeliveryRecordDto'];
export type CustomerDto = Schemas['CustomerDto'];
export type CustomerFileDto = Schemas['CustomerFileDto'];
export type CustomerPageDto = ResponseData<'/prod-api/api/staff/customers'>;
export type CouponDto = Schemas['CouponDto'];
export type CouponBody = Schemas['CouponBody'];
export type CouponPageDto = ResponseData<'/prod-api/api/staff/coupons'>;
export type ConsoleProductDto = Schemas['ConsoleProductDto'];
export type ConsoleProductFields = Schemas['ConsoleProductFields'];
export type ConsoleProductTexts = Schemas['ConsoleProductTexts'];
export type ConsoleProductRow = Schemas['ConsoleProductRow'];
export type ConsoleProductPageDto = ResponseData<'/prod-api/api/staff/products'>;
export type ProductState = Schemas['ProductState'];
export type NoticeBody = Schemas['NoticeBody'];
export type ModeratedReviewDto = Schemas['ModeratedReviewDto'];
export type ModeratedReviewPageDto = ResponseData<'/prod-api/api/staff/reviews'>;
export type ConsoleNewsDto = Schemas['ConsoleNewsDto'];
export type ConsoleNewsBody = Schemas['ConsoleNewsBody'];
export type ConsoleNewsText = Schemas['ConsoleNewsText'];
export type ConsoleNewsPageDto = ResponseData<'/prod-api/api/staff/news'>;
export type ConsolePageLine = Schemas['ConsolePageLine'];
export type ConsolePageDto = Schemas['ConsolePageDto'];
export type NewsletterDto = Schemas['NewsletterDto'];
export type NewsletterBody = Schemas['NewsletterBody'];
export type NewsletterPageDto = ResponseData<'/prod-api/api/staff/newsletters'>;
export type FormSubmissionDto = Schemas['FormSubmissionDto'];
export type ConsoleCurrencyDto = Schemas['ConsoleCurrencyDto'];
export type ConsoleMethodDto = Schemas['ConsoleMethodDto'];
export type ConsoleLevelDto = Schemas['ConsoleLevelDto'];
export type ConsoleLevelsDto = Schemas['ConsoleLevelsDto'];
export type FormPageDto = ResponseData<'/prod-api/api/staff/forms'>;
export type StaffTicketDto = Schemas['StaffTicketDto'];
export type StaffTicketThreadDto = Schemas['StaffTicketThreadDto'];
export type StaffTicketPageDto = ResponseData<'/prod-api/api/staff/tickets'>;
export type Genre = Schemas['Genre'];
export type Platform = Schemas['Platform'];
export type Region = Schemas['Region'];
export type Language = Schemas['Language'];
export type ProductType = Schemas['ProductType'];
export type StaffKeyDto = Schemas['StaffKeyDto'];
export type StaffKeyPageDto = ResponseData<'/prod-api/api/staff/stock/{sku}/keys'>;
export type StaffRevealedKeyDto = Schemas['StaffRevealedKeyDto'];
export type ChatFiguresDto = Schemas['ChatFiguresDto'];
export type CannedReplyDto = Schemas['CannedReplyDto'];
export type CannedReplyBody = Schemas['CannedReplyBody'];
export type ChatLineDto = Schemas['ChatLineDto'];
