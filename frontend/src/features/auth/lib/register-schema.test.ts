import { firstErrors } from '@/lib/forms/member-rules';

import { registerSchema } from '../routes/register';

describe('the sign-up rules are the server rules', () => {
  it('reports every wrong field at once', () => {
    expect(
      firstErrors(registerSchema, {
        email: 'not-an-email',
        fullName: '',
        password: '123',
        confirmPassword: '1234',
        agreeTerms: false,
        newsletter: false,
        code: '',
      }),
    ).toEqual({
      email: 'api.member.emailInvalid',
      fullName: 'api.field.required',
      password: 'api.member.passwordLength',
      confirmPassword: 'api.member.passwordMismatch',
      agreeTerms: 'api.member.termsRequired',
      code: 'api.captcha.required',
    });
  });

  it('accepts a complete form', () => {
    expect(
      firstErrors(registerSchema, {
        email: 'ann@example.com',
        fullName: 'Ann',
        password: 'secret-12',
        confirmPassword: 'secret-12',
        agreeTerms: true,
        newsletter: true,
        code: 'ab12',
      }),
    ).toEqual({});
  });
});
