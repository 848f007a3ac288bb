import type {
  CaptchaDto,
  ForgetBody,
  LoginBody,
  LoginDto,
  RegisterBody,
  ResetPasswordBody,
  SaveVisitBody,
  SessionCheckBody,
  SessionCheckDto,
  VerifyBody,
  VerifyDto,
} from '@/api/types';
import { api } from '@/lib/http/client';

/** A new captcha image (single use: ask again after every failed submit). */
export function getCaptcha(): Promise<CaptchaDto> {
  return api.get('/prod-api/captchaImage', { silent: true, cache: 'no-store' });
}

export function register(body: RegisterBody): Promise<unknown> {
  return api.post('/prod-api/api/register', { body, silent: true });
}

export function login(body: LoginBody): Promise<LoginDto> {
  return api.post('/prod-api/api/login', { body, silent: true });
}

/** The session check of every navigation; never toasts (the rules decide what to show). */
export function checkSession(body: SessionCheckBody): Promise<SessionCheckDto> {
  return api.post('/prod-api/api/session/check', { body, silent: true });
}

export function saveVisit(body: SaveVisitBody): Promise<unknown> {
  return api.post('/prod-api/api/saveVisit', { body, silent: true });
}

export function forget(body: ForgetBody): Promise<unknown> {
  return api.post('/prod-api/api/forget', { body, silent: true });
}

export function verifyCode(body: VerifyBody): Promise<VerifyDto> {
  return api.post('/prod-api/api/verify', { body, silent: true });
}

export function resetPassword(body: ResetPasswordBody): Promise<unknown> {
  return api.post('/prod-api/api/resetPassword', { body, silent: true });
}
