import { firstErrors } from '@/lib/forms/member-rules';

import { FORM_SPECS } from './form-specs';

describe('the public forms check what the server checks', () => {
  it('asks for every required field', () => {
    expect(firstErrors(FORM_SPECS.feedback.schema, { name: '', email: '', message: ' ' })).toEqual({
      name: 'api.field.required',
      email: 'api.field.required',
      message: 'api.field.required',
    });
  });

  it('wants the two e-mails of the sale form equal', () => {
    const values = {
      name: 'Ann',
      region: 'EU',
      email: 'ann@example.com',
      confirmEmail: 'other@example.com',
      description: '500 keys',
    };
    expect(firstErrors(FORM_SPECS.sale.schema, values)).toEqual({
      confirmEmail: 'api.form.emailMismatch',
    });
    expect(
      firstErrors(FORM_SPECS.sale.schema, { ...values, confirmEmail: 'ANN@example.com' }),
    ).toEqual({});
  });

  it('refuses a malformed e-mail and leaves optional fields optional', () => {
    const values = {
      company: 'Co',
      contactName: 'Ann',
      email: 'nope',
      products: 'keys',
      quantities: '10',
      message: '',
    };
    expect(firstErrors(FORM_SPECS.wholesale.schema, values)).toEqual({ email: 'api.field.email' });
  });
});
