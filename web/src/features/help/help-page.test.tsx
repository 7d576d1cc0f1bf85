import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import HelpPage from './help-page';

function renderHelp() {
  render(
    <MemoryRouter>
      <HelpPage />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const questionButtons = () => screen.queryAllByRole('button').filter((button) => button.hasAttribute('aria-expanded'));

describe('Help Center', () => {
  it('shows the three cards, the four FAQ groups, every topic and the support block', () => {
    renderHelp();
    for (const card of ['Getting Started', 'Contact Support', 'Report an Issue']) {
      expect(screen.getByRole('heading', { name: card })).toBeInTheDocument();
    }
    for (const group of ['Account & Profile', 'Posts & Content', 'Features & Usage', 'Privacy & Security']) {
      expect(screen.getByRole('heading', { name: group })).toBeInTheDocument();
    }
    expect(questionButtons()).toHaveLength(13);
    expect(screen.getByRole('heading', { name: 'Still Need Help?' })).toBeInTheDocument();
    const email = screen.getByRole('link', { name: 'Email Support' });
    expect(email).toHaveAttribute('href', 'mailto:support@campusclips.example');
    expect(screen.getByText(/Monday to Friday, 9am to 5pm EST/)).toBeInTheDocument();
  });

  it('filters the questions as the user types', async () => {
    const user = renderHelp();
    const search = screen.getByPlaceholderText('Search for help topics...');

    await user.type(search, 'reset');
    expect(questionButtons().map((button) => button.textContent)).toEqual([expect.stringContaining('How do I reset my password?')]);
    expect(screen.queryByRole('heading', { name: 'Features & Usage' })).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'CALENDAR');
    expect(questionButtons().some((button) => button.textContent?.includes('How do I use the calendar?'))).toBe(true);
    expect(questionButtons().some((button) => button.textContent?.includes('How do I reset my password?'))).toBe(false);

    await user.clear(search);
    expect(questionButtons()).toHaveLength(13);
  });

  it('shows an empty state when nothing matches', async () => {
    const user = renderHelp();
    await user.type(screen.getByPlaceholderText('Search for help topics...'), 'quantum teleport');
    expect(questionButtons()).toHaveLength(0);
    expect(screen.getByText(/No help topics match/)).toHaveTextContent('No help topics match “quantum teleport”.');
  });

  it('keeps only one answer open at a time', async () => {
    const user = renderHelp();
    const create = screen.getByRole('button', { name: /How do I create an account\?/ });
    const follow = screen.getByRole('button', { name: /How do I follow other users\?/ });

    await user.click(create);
    expect(create).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: /How do I create an account\?/ })).toBeVisible();

    await user.click(follow);
    expect(follow).toHaveAttribute('aria-expanded', 'true');
    expect(create).toHaveAttribute('aria-expanded', 'false');
    const answer = screen.getByRole('region', { name: /How do I follow other users\?/ });
    expect(within(answer).getByText(/Their posts then appear in your Home feed/)).toBeInTheDocument();

    await user.click(follow);
    expect(follow).toHaveAttribute('aria-expanded', 'false');
  });
});
