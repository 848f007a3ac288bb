import { waitFor } from '@testing-library/react';

import { currentPath, renderApp } from '@/testing/render-app';

const fetchMock = jest.fn<Promise<Response>, [Request]>();

function respond(status: number, data: unknown): Promise<Response> {
  const text = JSON.stringify({ code: status, msg: '', msgKey: '', data });
  return Promise.resolve(new Response(text, { status }));
}

function session(state: string) {
  return {
    id: 'ps_1',
    orderNo: 'KS1',
    provider: 'paypal',
    method: 'paypal',
    amount: 1999,
    currency: 'EUR',
    state,
    reason: state === 'failed' ? 'payment_declined' : '',
    expiresAt: 0,
    paidAt: 0,
    redirectUrl: 'https://www.paypal.com/checkoutnow?token=X',
    now: 0,
  };
}

/** Answers the capture with `state`; every other call (the next page's order) with 404. */
function answerCapture(state: string): void {
  fetchMock.mockImplementation((request) =>
    request.url.includes('/api/payment/session/ps_1/capture')
      ? respond(200, session(state))
      : respond(404, null),
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  Object.defineProperty(globalThis, 'fetch', { value: fetchMock, writable: true });
});

describe('back from PayPal', () => {
  it('captures the approved payment once and goes on to the success page', async () => {
    answerCapture('succeeded');
    const { router } = renderApp('/paypal?session=ps_1&order=KS1&token=X&PayerID=P');
    await waitFor(() => expect(currentPath(router)).toBe('/success-payment?order=KS1'));
    const captures = fetchMock.mock.calls.filter(([request]) => request.url.includes('/capture'));
    expect(captures).toHaveLength(1);
    expect(captures[0]?.[0].method).toBe('POST');
  });

  it('goes back to paying when PayPal declined it', async () => {
    answerCapture('failed');
    const { router } = renderApp('/paypal?session=ps_1&order=KS1');
    await waitFor(() => expect(currentPath(router)).toBe('/paying?order=KS1'));
  });
});
