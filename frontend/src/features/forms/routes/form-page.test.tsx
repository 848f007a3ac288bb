import { screen } from '@testing-library/react';

import { createSeededQueryClient, renderApp, TEST_CONFIG } from '@/testing/render-app';

describe('the feedback form', () => {
  it('is offered while its switch is on', async () => {
    renderApp('/feedback');
    expect(await screen.findByTestId('form-feedback')).toBeInTheDocument();
    expect(screen.queryByTestId('feedback-closed')).not.toBeInTheDocument();
  });

  it('gives way to a notice when the feedback switch is off', async () => {
    const client = createSeededQueryClient({ ...TEST_CONFIG, feedbackEnabled: 'false' });
    renderApp('/feedback', client);
    expect(await screen.findByTestId('feedback-closed')).toHaveTextContent(
      'Feedback is closed at the moment.',
    );
    expect(screen.queryByTestId('form-feedback')).not.toBeInTheDocument();
  });

  it('leaves the other forms alone when feedback is off', async () => {
    const client = createSeededQueryClient({ ...TEST_CONFIG, feedbackEnabled: 'false' });
    renderApp('/wholesale', client);
    expect(await screen.findByTestId('form-wholesale')).toBeInTheDocument();
  });
});
