import type {
  CaptchaDto,
  ForgetBody,
  LoginBody,
  LoginDto,
  MemberInfoDto,
  RegisterBody,
  ResetPasswordBody,
  SaveVisitBody,
  SessionCheckBody,
  SessionCheckDto,
  VerifyBody,
  VerifyDto,
} from '@/api/member-types';
import { apiRequest } from '@/lib/http/client';

/** A new captcha image (single use: ask again after every failed submit). */
export function getCaptcha(): Promise<CaptchaDto> {
  return apiRequest<CaptchaDto>('/captchaImage', { silent: true, cache: 'no-store' });
}

export function register(body: RegisterBody): Promise<null> {
  return apiRequest<null>('/api/register', { method: 'POST', body, silent: true });
}

export function login(body: LoginBody): Promise<LoginDto> {
  return apiRequest<LoginDto>('/api/login', { method: 'POST', body, silent: true });
}

export function getInfo(): Promise<MemberInfoDto> {
  return apiRequest<MemberInfoDto>('/api/getInfo', { silent: true, cache: 'no-store' });
}

/** The session check of every navigation; never toasts (the rules decide what to show). */
export function checkSession(body: SessionCheckBody): Promise<SessionCheckDto> {
  return apiRequest<SessionCheckDto>('/api/session/check', { method: 'POST', body, silent: true });
}

export function saveVisit(body: SaveVisitBody): Promise<null> {
  return apiRequest<null>('/api/saveVisit', { method: 'POST', body, silent: true });
}

export function forget(body: ForgetBody): Promise<null> {
  return apiRequest<null>('/api/forget', { method: 'POST', body, silent: true });
}

export function verifyCode(body: VerifyBody): Promise<VerifyDto> {
  return apiRequest<VerifyDto>('/api/verify', { method: 'POST', body, silent: true });
}

export function resetPassword(body: ResetPasswordBody): Promise<null> {
  return apiRequest<null>('/api/resetPassword', { method: 'POST', body, silent: true });
}
