import type {
  AuditPageDto,
  StaffRevealedKeyDto,
  StaffKeyPageDto,
  CouponBody,
  CouponDto,
  CouponPageDto,
  ConsoleProductDto,
  NoticeBody,
  ModeratedReviewDto,
  ModeratedReviewPageDto,
  ConsoleProductFields,
  ConsoleProductPageDto,
  ProductState,
  CustomerFileDto,
  CustomerPageDto,
  DashboardDto,
  ImportReportDto,
  KeyFileFormat,
  StockDto,
  StockPageDto,
  StockSearch,
  OrderDto,
  StaffNoteDto,
  StaffOrderDto,
  StaffOrderPageDto,
  StaffOrderSearch,
  StaffAccountDto,
  UpdateStaffBody,
  EnrollmentDto,
  FinishEnrollmentBody,
  InvitationDto,
  InviteBody,
  RecoveryCodesDto,
  RefundDecidedDto,
  RefundDecisionBody,
  RefundQueueDto,
  StaffDto,
  StaffLoginBody,
  StaffSessionDto,
  StaffSessionInfoDto,
} from '@/api/types';
import { paths } from '@/config/paths';
import { reloadPage } from '@/lib/browser';
import { api } from '@/lib/http/client';

import { useStaffStore } from '../lib/staff-store';

/** A 401 with the staff session: it ended (idle, revoked); back to the console's sign-in. */
function staffSessionEnded(): void {
  useStaffStore.getState().end();
  if (window.location.pathname !== paths.staffLogin) {
    window.history.replaceState(null, '', paths.staffLogin);
    reloadPage();
  }
}

/** The options of a call made with the staff session (never the shopper's). */
export function asStaff() {
  const token = useStaffStore.getState().token ?? '';
  return { headers: { Authorization: `Bearer ${token}` }, onUnauthorized: staffSessionEnded };
}

export function startEnrollment(token: string): Promise<EnrollmentDto> {
  return api.post('/prod-api/api/staff/enroll/start', { body: { token }, silent: true });
}

export function finishEnrollment(body: FinishEnrollmentBody): Promise<RecoveryCodesDto> {
  return api.post('/prod-api/api/staff/enroll/finish', { body, silent: true });
}

export function staffLogin(body: StaffLoginBody): Promise<StaffSessionDto> {
  return api.post('/prod-api/api/staff/login', { body, silent: true });
}

export function staffLogout(): Promise<unknown> {
  return api.post('/prod-api/api/staff/logout', { ...asStaff(), silent: true });
}

export function staffMe(): Promise<StaffDto> {
  return api.get('/prod-api/api/staff/me', asStaff());
}

export function staffSessions(): Promise<StaffSessionInfoDto[]> {
  return api.get('/prod-api/api/staff/sessions', asStaff());
}

export function revokeStaffSession(id: number): Promise<unknown> {
  return api.delete('/prod-api/api/staff/sessions/{id}', {
    ...asStaff(),
    params: { path: { id } },
  });
}

export function inviteStaff(body: InviteBody): Promise<InvitationDto> {
  return api.post('/prod-api/api/staff/invitations', { ...asStaff(), body, silent: true });
}

export function refundQueue(page: number): Promise<RefundQueueDto> {
  return api.get('/prod-api/api/staff/refunds', {
    ...asStaff(),
    params: { query: { page, limit: 20 } },
  });
}

export function decideRefund(orderNo: string, body: RefundDecisionBody): Promise<RefundDecidedDto> {
  return api.post('/prod-api/api/staff/refunds/{orderNo}/decision', {
    ...asStaff(),
    params: { path: { orderNo } },
    body,
  });
}

export function auditLog(text: string, page: number): Promise<AuditPageDto> {
  return api.get('/prod-api/api/staff/audit', {
    ...asStaff(),
    params: { query: { text, page, limit: 50 } },
  });
}

export function staffAccounts(): Promise<StaffAccountDto[]> {
  return api.get('/prod-api/api/staff/members', asStaff());
}

export function updateStaffAccount(id: number, body: UpdateStaffBody): Promise<StaffAccountDto> {
  return api.put('/prod-api/api/staff/members/{id}', {
    ...asStaff(),
    params: { path: { id } },
    body,
  });
}

export function resetStaffAccount(id: number, version: number): Promise<InvitationDto> {
  return api.post('/prod-api/api/staff/members/{id}/reset', {
    ...asStaff(),
    params: { path: { id } },
    body: { version },
  });
}

export function searchOrders(query: StaffOrderSearch): Promise<StaffOrderPageDto> {
  return api.get('/prod-api/api/staff/orders', { ...asStaff(), params: { query } });
}

export function staffOrder(orderNo: string): Promise<StaffOrderDto> {
  return api.get('/prod-api/api/staff/orders/{orderNo}', {
    ...asStaff(),
    params: { path: { orderNo } },
  });
}

/** The dashboard's figures, its days starting at this browser's midnight. */
export function staffDashboard(): Promise<DashboardDto> {
  const utcOffset = -new Date().getTimezoneOffset();
  return api.get('/prod-api/api/staff/dashboard', {
    ...asStaff(),
    params: { query: { utcOffset } },
  });
}

export function stockList(query: StockSearch): Promise<StockPageDto> {
  return api.get('/prod-api/api/staff/stock', { ...asStaff(), params: { query } });
}

export function setStockThreshold(
  sku: string,
  threshold: number,
  version: number,
): Promise<StockDto> {
  return api.put('/prod-api/api/staff/stock/{sku}/threshold', {
    ...asStaff(),
    params: { path: { sku } },
    body: { threshold, version },
  });
}

export function importKeys(
  sku: string,
  text: string,
  format: KeyFileFormat,
): Promise<ImportReportDto> {
  return api.post('/prod-api/api/staff/stock/{sku}/keys', {
    ...asStaff(),
    params: { path: { sku } },
    body: { text, format },
    silent: true,
  });
}

export function staffCancelOrder(orderNo: string): Promise<OrderDto> {
  return api.post('/prod-api/api/staff/orders/{orderNo}/cancel', {
    ...asStaff(),
    params: { path: { orderNo } },
  });
}

export function staffResendEmail(orderNo: string): Promise<OrderDto> {
  return api.post('/prod-api/api/staff/orders/{orderNo}/resend', {
    ...asStaff(),
    params: { path: { orderNo } },
  });
}

export function staffAddNote(orderNo: string, note: string): Promise<StaffNoteDto[]> {
  return api.post('/prod-api/api/staff/orders/{orderNo}/notes', {
    ...asStaff(),
    params: { path: { orderNo } },
    body: { note },
    silent: true,
  });
}

export function searchCustomers(text: string, page: number): Promise<CustomerPageDto> {
  return api.get('/prod-api/api/staff/customers', {
    ...asStaff(),
    params: { query: { text: text || undefined, page, limit: 20 } },
  });
}

export function staffCustomer(id: number): Promise<CustomerFileDto> {
  return api.get('/prod-api/api/staff/customers/{id}', { ...asStaff(), params: { path: { id } } });
}

export function setCustomerDisabled(
  id: number,
  disabled: boolean,
  version: number,
): Promise<CustomerFileDto> {
  return api.put('/prod-api/api/staff/customers/{id}', {
    ...asStaff(),
    params: { path: { id } },
    body: { disabled, version },
  });
}

export function adjustCustomerPoints(
  id: number,
  delta: number,
  reason: string,
  version: number,
): Promise<CustomerFileDto> {
  return api.post('/prod-api/api/staff/customers/{id}/points', {
    ...asStaff(),
    params: { path: { id } },
    body: { delta, reason, version },
    silent: true,
  });
}

export function searchCoupons(text: string, page: number): Promise<CouponPageDto> {
  return api.get('/prod-api/api/staff/coupons', {
    ...asStaff(),
    params: { query: { text: text || undefined, page, limit: 20 } },
  });
}

/** A new coupon, or (with `version`) the coupon of `body.code` rewritten. */
export function saveCoupon(body: CouponBody): Promise<CouponDto> {
  if (body.version === undefined || body.version === null) {
    return api.post('/prod-api/api/staff/coupons', { ...asStaff(), body, silent: true });
  }
  return api.put('/prod-api/api/staff/coupons/{code}', {
    ...asStaff(),
    params: { path: { code: body.code ?? '' } },
    body,
    silent: true,
  });
}

export function productKeys(sku: string, page: number): Promise<StaffKeyPageDto> {
  return api.get('/prod-api/api/staff/stock/{sku}/keys', {
    ...asStaff(),
    params: { path: { sku }, query: { page, limit: 20 } },
  });
}

export function revealKey(id: number, reason: string): Promise<StaffRevealedKeyDto> {
  return api.post('/prod-api/api/staff/keys/{id}/reveal', {
    ...asStaff(),
    params: { path: { id } },
    body: { reason },
    silent: true,
  });
}

export function searchProducts(
  text: string,
  state: ProductState | '',
  page: number,
): Promise<ConsoleProductPageDto> {
  return api.get('/prod-api/api/staff/products', {
    ...asStaff(),
    params: { query: { text: text || undefined, state: state || undefined, page, limit: 20 } },
  });
}

export function staffProduct(id: number): Promise<ConsoleProductDto> {
  return api.get('/prod-api/api/staff/products/{id}', { ...asStaff(), params: { path: { id } } });
}

/** A new draft (no `id`), or product `id` rewritten at `version`. */
export function saveProduct(
  fields: ConsoleProductFields,
  id?: number,
  version?: number,
): Promise<ConsoleProductDto> {
  if (id === undefined || version === undefined) {
    return api.post('/prod-api/api/staff/products', { ...asStaff(), body: fields, silent: true });
  }
  return api.put('/prod-api/api/staff/products/{id}', {
    ...asStaff(),
    params: { path: { id } },
    body: { version, fields },
    silent: true,
  });
}

export function setProductState(
  id: number,
  version: number,
  state: ProductState,
): Promise<ConsoleProductDto> {
  return api.post('/prod-api/api/staff/products/{id}/state', {
    ...asStaff(),
    params: { path: { id } },
    body: { version, state },
    silent: true,
  });
}

/** Uploads `file` as the cover or a new screenshot: sent as it is, the gateway reads the bytes. */
export function uploadProductImage(
  id: number,
  version: number,
  slot: 'cover' | 'screenshot',
  file: Blob,
): Promise<ConsoleProductDto> {
  return api.post('/prod-api/api/staff/products/{id}/images/{slot}', {
    ...asStaff(),
    params: { path: { id, slot }, query: { version } },
    // The document types a binary body as a string; the browser sends the Blob's bytes.
    body: file as unknown as string,
    bodySerializer: (body: unknown) => body as Blob,
    headers: { ...asStaff().headers, 'Content-Type': 'application/octet-stream' },
    silent: true,
  });
}

export function removeProductImage(
  id: number,
  version: number,
  slot: 'cover' | 'screenshot',
  index?: number,
): Promise<ConsoleProductDto> {
  return api.delete('/prod-api/api/staff/products/{id}/images/{slot}', {
    ...asStaff(),
    params: { path: { id, slot }, query: { version, index } },
    silent: true,
  });
}

/** Every public site setting as stored (per-language ones as `heroTitle.ar`). */
export function staffSettings(): Promise<Record<string, string>> {
  return api.get('/prod-api/api/staff/settings', asStaff());
}

export function setStaffSetting(key: string, value: string): Promise<unknown> {
  return api.put('/prod-api/api/staff/settings/{key}', {
    ...asStaff(),
    params: { path: { key } },
    body: { value },
    silent: true,
  });
}

export function sendNotice(body: NoticeBody): Promise<unknown> {
  return api.post('/prod-api/api/staff/notices', { ...asStaff(), body, silent: true });
}

export function searchReviews(
  hidden: boolean | undefined,
  page: number,
): Promise<ModeratedReviewPageDto> {
  return api.get('/prod-api/api/staff/reviews', {
    ...asStaff(),
    params: { query: { hidden, page, limit: 20 } },
  });
}

export function moderateReview(
  id: number,
  version: number,
  hidden: boolean,
  reply: string,
): Promise<ModeratedReviewDto> {
  return api.put('/prod-api/api/staff/reviews/{id}', {
    ...asStaff(),
    params: { path: { id } },
    body: { version, hidden, reply },
    silent: true,
  });
}
