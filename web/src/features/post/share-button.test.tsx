import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authValue, renderWithApollo, stubMediaPlayback } from '../../shared/lib/testing/render-with-apollo';
import { makePost } from '../../shared/lib/testing/post-fixtures';
import { PostCard } from './post-card';
import { relativeTime } from '../../shared/lib/relative-time';

const mockUseAuth = jest.fn(() => authValue());
jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => mockUseAuth() }));

const POST_URL = `${window.location.origin}/post/p1`;

/** Gives `navigator` a property for this test (jsdom has no share sheet, and userEvent brings its own clipboard). */
function stubNavigator(name: 'share' | 'canShare' | 'clipboard', value: unknown) {
  Object.defineProperty(navigator, name, { configurable: true, writable: true, value });
}

beforeEach(() => {
  stubMediaPlayback();
  mockUseAuth.mockImplementation(() => authValue());
});

afterEach(() => {
  for (const name of ['share', 'canShare'] as const) delete (navigator as unknown as Record<string, unknown>)[name];
});

function renderCard() {
  renderWithApollo(<PostCard post={makePost('p1', { caption: 'Sunset over the quad' })} />);
  return screen.getByRole('button', { name: 'Share post' });
}

describe('Share button', () => {
  it('opens the system share sheet where there is one (phones), with the post’s title, caption and link', async () => {
    const user = userEvent.setup();
    const share = jest.fn().mockResolvedValue(undefined);
    const writeText = jest.fn().mockResolvedValue(undefined);
    stubNavigator('share', share);
    stubNavigator('clipboard', { writeText });
    await user.click(renderCard());
    expect(share).toHaveBeenCalledWith({ title: 'Author p1 on Campus Clips', text: 'Sunset over the quad', url: POST_URL });
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText('Link copied')).not.toBeInTheDocument();
  });

  it('says nothing when the visitor closes the share sheet', async () => {
    const user = userEvent.setup();
    const writeText = jest.fn().mockResolvedValue(undefined);
    stubNavigator('share', jest.fn().mockRejectedValue(new DOMException('Share canceled', 'AbortError')));
    stubNavigator('clipboard', { writeText });
    await user.click(renderCard());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('elsewhere copies the post’s link and says “Link copied”', async () => {
    const user = userEvent.setup();
    const writeText = jest.fn().mockResolvedValue(undefined);
    stubNavigator('clipboard', { writeText });
    await user.click(renderCard());
    expect(writeText).toHaveBeenCalledWith(POST_URL);
    expect(await screen.findByRole('status')).toHaveTextContent('Link copied');
  });

  it('shows the link itself when the clipboard refuses', async () => {
    const user = userEvent.setup();
    stubNavigator('clipboard', { writeText: jest.fn().mockRejectedValue(new Error('denied')) });
    await user.click(renderCard());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(`Could not copy the link: ${POST_URL}`));
  });

  it('links the card’s date to the post’s own page', () => {
    renderCard();
    const date = screen.getByRole('link', { name: relativeTime('2026-11-20T12:00:00.000Z') });
    expect(date).toHaveAttribute('href', '/post/p1');
  });
});
