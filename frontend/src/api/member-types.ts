/**
 * Hand-written DTOs of the member calls, exactly as the member HTTP contract states them.
 * They stand in for the generated types (`schema.d.ts`) until the gateway publishes these
 * calls in its OpenAPI document; then they are derived there like `types.ts` does.
 * JSON is camelCase (except `is_success` of the session check); money is integer US cents;
 * times are epoch milliseconds.
 */
import type { ProductCardDto } from './types';

/** `data` of a list call: `page` (default 1) and `limit` (10/20/30/50, default 20). */
export interface ListPageDto<T> {
  rows: T[];
  total: number;
  page: number;
  limit: number;
}

/** `data` of a 400: field name → msgKey. */
export interface FieldErrorsDto {
  fields: Record<string, string>;
}

/** `data` of a 429 (also sent as the `Retry-After` header). */
export interface RetryAfterDto {
  retryAfter: number;
}

/** `data` of a call that creates a record. */
export interface IdDto {
  id: number;
}

// --- Captcha -----------------------------------------------------------------------------

/** `GET /captchaImage`; `img` is a base64 PNG without the `data:` prefix. Single use, 2 min. */
export interface CaptchaDto {
  captchaEnabled: boolean;
  uuid: string;
  img: string;
}

// --- Register / login / session ------------------------------------------------------------

/** `POST /api/register` → `data: null`, msgKey `api.member.registered`. */
export interface RegisterBody {
  email: string;
  fullName: string;
  password: string;
  confirmPassword: string;
  agreeTerms: boolean;
  newsletter: boolean;
  code: string;
  uuid: string;
}

/** `POST /api/login`; `account` is the e-mail; the captcha once the server asks for it. */
export interface LoginBody {
  account: string;
  password: string;
  code?: string;
  uuid?: string;
}

export interface LoginDto {
  token: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** `GET /api/getInfo` (member). */
export interface MemberInfoDto {
  id: number;
  email: string;
  fullName: string;
  country: string;
  newsletter: boolean;
  levelName: string;
  points: number;
  createdAt: number;
}

/** `POST /api/session/check`. */
export interface SessionCheckBody {
  fromUrl: string;
  toUrl: string;
}

/** 0 anonymous, 1 signed in, 2 disabled. */
export type SessionState = 0 | 1 | 2;

export interface SessionCheckDto {
  state: SessionState;
  /** False only when a token was sent and it is no longer valid (note the snake_case). */
  is_success: boolean;
}

/** `POST /api/saveVisit` → `data: null`. */
export interface SaveVisitBody {
  toUrl: string;
  fromUrl: string;
}

// --- Forgot password -----------------------------------------------------------------------

/** `POST /api/forget` → msgKey `api.member.codeSent` (always). */
export interface ForgetBody {
  email: string;
  code: string;
  uuid: string;
}

/** `POST /api/verify`. */
export interface VerifyBody {
  email: string;
  code: string;
}

export interface VerifyDto {
  resetToken: string;
}

/** `POST /api/resetPassword` → msgKey `api.member.passwordReset`. */
export interface ResetPasswordBody {
  resetToken: string;
  password: string;
  confirmPassword: string;
}

// --- Profile, password, history (member) ---------------------------------------------------

/** `GET /api/profile`; country ISO 3166 alpha-2 and phone E.164, "" when unset. */
export interface ProfileDto {
  email: string;
  fullName: string;
  country: string;
  phone: string;
  zip: string;
  address: string;
  discord: string;
  telegram: string;
  whatsapp: string;
  newsletter: boolean;
}

/** `PUT /api/profile` → msgKey `api.updated`. */
export type ProfileBody = Omit<ProfileDto, 'email'>;

/** `GET /api/countries` (public); names come from `Intl.DisplayNames`. */
export interface CountryDto {
  code: string;
  dialCode: string;
  zipExample: string;
}

/** `POST /api/changePassword` → msgKey `api.member.passwordChanged`. */
export interface ChangePasswordBody {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

/** A row of `GET /api/loginHistory`, newest first. */
export interface LoginHistoryDto {
  id: number;
  at: number;
  ip: string;
  os: string;
  device: string;
  browser: string;
  success: boolean;
}

// --- Addresses (member) --------------------------------------------------------------------

/** `GET /api/addresses` → `AddressDto[]`, the default first. */
export interface AddressDto {
  id: number;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  city: string;
  province: string;
  zip: string;
  country: string;
  isDefault: boolean;
}

/** `POST /api/addresses` (→ `IdDto`) and `PUT /api/addresses/{id}`. */
export type AddressBody = Omit<AddressDto, 'id'>;

// --- Wishlist (member) ---------------------------------------------------------------------

/** A row of `GET /api/collect`. */
export interface CollectItemDto {
  productId: number;
  addedAt: number;
  /** Null when the product is no longer sold. */
  product: ProductCardDto | null;
}

/** `POST /api/collect` → msgKey `api.collect.added`. */
export interface CollectBody {
  productId: number;
}

// --- Notices (member) ----------------------------------------------------------------------

export interface NoticeDto {
  id: number;
  title: string;
  content: string;
  createdAt: number;
  read: boolean;
}

/** `GET /api/notices/unread`. */
export interface UnreadCountDto {
  count: number;
}

// --- Membership levels ---------------------------------------------------------------------

/** `GET /api/levels` (public), by threshold. */
export interface LevelDto {
  id: number;
  name: string;
  thresholdUsd: number;
  discountPercent: number;
  pointsPerUsd: number;
  /** Points worth 1 USD. */
  exchangeRate: number;
}

/** `GET /api/getUserLevelInfo/{id}` (member; the caller's own id). */
export interface UserLevelInfoDto {
  level: LevelDto;
  discountPercent: number;
  totalConsumptionUsd: number;
  points: number;
  exchangeRate: number;
  nextLevel: LevelDto | null;
  amountToNextUsd: number;
}

// --- Support tickets (member) --------------------------------------------------------------

export type TicketStatus = 'open' | 'answered' | 'closed';

export interface TicketDto {
  id: number;
  subject: string;
  status: TicketStatus;
  /** The contract does not type it: empty or null when the ticket is not about an order. */
  orderNo: string | null;
  createdAt: number;
  updatedAt: number;
}

/** `POST /api/tickets` → `IdDto`, msgKey `api.ticket.opened`. */
export interface OpenTicketBody {
  subject: string;
  message: string;
  orderNo?: string;
}

export type TicketAuthor = 'member' | 'staff';

export interface TicketMessageDto {
  id: number;
  author: TicketAuthor;
  body: string;
  createdAt: number;
}

/** `GET /api/tickets/{id}`. */
export interface TicketThreadDto {
  ticket: TicketDto;
  messages: TicketMessageDto[];
}

/** `POST /api/tickets/{id}/messages` → `IdDto`; 409 `api.ticket.closed` when closed. */
export interface TicketReplyBody {
  body: string;
}

// --- Forms and newsletter (public) ---------------------------------------------------------

export interface SaleFormBody {
  name: string;
  email: string;
  confirmEmail: string;
  region: string;
  description: string;
}

export interface WholesaleFormBody {
  company: string;
  contactName: string;
  email: string;
  products: string;
  quantities: string;
  message: string;
}

export interface AffiliateFormBody {
  name: string;
  email: string;
  website: string;
  audience: string;
  message: string;
}

export interface FeedbackFormBody {
  name: string;
  email: string;
  message: string;
}

export interface NewsletterSubscribeBody {
  email: string;
}

/** Confirm and unsubscribe: the token from the link's fragment. */
export interface NewsletterTokenBody {
  token: string;
}
