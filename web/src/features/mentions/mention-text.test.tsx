import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { MentionText } from './mention-text';
import type { MentionRange } from './mentions';

function show(text: string, mentions: MentionRange[]) {
  return render(
    <MemoryRouter>
      <p data-testid="text">
        <MentionText text={text} mentions={mentions} />
      </p>
    </MemoryRouter>,
  );
}

describe('MentionText', () => {
  it("links a mention to the profile, reading the person's current name", () => {
    // Written as '@Maya Lopez'; she has since been renamed.
    show('Thanks @Maya Lopez for filming', [{ start: 7, length: 11, user: { id: 'u/maya', displayName: 'Maya Lopez-Kim' } }]);
    const link = screen.getByRole('link', { name: '@Maya Lopez-Kim' });
    expect(link).toHaveAttribute('href', '/user/u%2Fmaya');
    expect(screen.getByTestId('text')).toHaveTextContent('Thanks @Maya Lopez-Kim for filming');
  });

  it('keeps a mention of someone the viewer may not see as the text written', () => {
    show('Thanks @Maya Lopez for filming', [{ start: 7, length: 11, user: null }]);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByTestId('text')).toHaveTextContent('Thanks @Maya Lopez for filming');
  });

  it('counts offsets in UTF-16 code units, as the api does (an emoji before the mention)', () => {
    const text = '🎉🎉 @Sam Reyes won';
    show(text, [{ start: 5, length: 10, user: { id: 'u-sam', displayName: 'Sam Reyes' } }]);
    expect(screen.getByRole('link', { name: '@Sam Reyes' })).toHaveAttribute('href', '/user/u-sam');
    expect(screen.getByTestId('text')).toHaveTextContent(text);
  });

  it('shows a range outside the text as plain text', () => {
    show('short @Sam', [
      { start: 6, length: 40, user: { id: 'u-sam', displayName: 'Sam Reyes' } },
      { start: 99, length: 4, user: { id: 'u-sam', displayName: 'Sam Reyes' } },
    ]);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByTestId('text')).toHaveTextContent('short @Sam');
  });
});
