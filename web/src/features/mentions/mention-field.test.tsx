import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { MentionSuggestionsDocument } from '../../graphql/graphql';
import { authValue, renderWithApollo } from '../../shared/lib/testing/render-with-apollo';
import { MentionField, type MentionValue } from './mention-field';

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue() }));

const person = (id: string, displayName: string, isViewer = false) => ({
  __typename: 'User' as const,
  id,
  displayName,
  photoURL: null,
  isViewer,
});

// What searchUsers answers: people whose name contains the query, the viewer among them when it fits.
const people = [
  person('u-maya', 'Maya Lopez'),
  person('u-marco', 'Marco Diaz'),
  person('viewer-1', 'Mandy Viewer', true),
  person('u-sam', 'Sam Reyes'),
];

function suggestionsMock(asked: string[] = []): MockLink.MockedResponse {
  return {
    request: {
      query: MentionSuggestionsDocument,
      variables: (variables: Record<string, unknown>) => {
        asked.push(String(variables.query));
        return variables.first === 5;
      },
    },
    result: (variables: Record<string, unknown>) => {
      const query = String(variables.query).toLowerCase();
      const found = people.filter((user) => user.displayName.toLowerCase().includes(query));
      return {
        data: {
          searchUsers: { __typename: 'UserConnection', edges: found.map((node) => ({ __typename: 'UserEdge', node })) },
        },
      };
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
    delay: 0,
  };
}

function Harness({ multiline = false, onSubmit = () => undefined }: { multiline?: boolean; onSubmit?: (value: MentionValue) => void }) {
  const [value, setValue] = useState<MentionValue>({ text: '', mentions: [] });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(value);
      }}
    >
      <label htmlFor="say">Say something</label>
      <MentionField id="say" multiline={multiline} value={value.text} onChange={setValue} />
      <p data-testid="mentions">{value.mentions.join(',')}</p>
      <button type="submit">Send</button>
    </form>
  );
}

function renderField(options: { multiline?: boolean; onSubmit?: (value: MentionValue) => void; asked?: string[] } = {}) {
  return renderWithApollo(<Harness multiline={options.multiline} onSubmit={options.onSubmit} />, {
    mocks: [suggestionsMock(options.asked)],
  });
}

const field = () => screen.getByRole('combobox', { name: 'Say something' });
const mentions = () => screen.getByTestId('mentions').textContent;

describe('MentionField suggestions', () => {
  it('asks once, 150 ms after the last key, for at least one letter after @', async () => {
    jest.useFakeTimers();
    try {
      const asked: string[] = [];
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderField({ asked });
      await user.type(field(), 'Hi @');
      await act(() => jest.advanceTimersByTimeAsync(500));
      expect(asked).toEqual([]); // a bare '@' asks nothing
      await user.type(field(), 'ma');
      await act(() => jest.advanceTimersByTimeAsync(149));
      expect(asked).toEqual([]);
      await act(() => jest.advanceTimersByTimeAsync(1));
      expect(asked).toEqual(['ma']);
      await act(() => jest.advanceTimersByTimeAsync(10));
      expect(field()).toHaveAttribute('aria-expanded', 'true');
    } finally {
      jest.useRealTimers();
    }
  });

  it("opens under the field on '@ma' as a listbox of names, never offering the viewer", async () => {
    const user = userEvent.setup();
    renderField();
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    await user.type(field(), 'Hi @ma');
    const listbox = await screen.findByRole('listbox', { name: 'People to mention' });
    const options = within(listbox).getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveAccessibleName('Maya Lopez');
    expect(options[1]).toHaveAccessibleName('Marco Diaz');
    expect(screen.queryByText('Mandy Viewer')).not.toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    expect(field()).toHaveAttribute('aria-controls', listbox.id);
    const [first] = options;
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(field()).toHaveAttribute('aria-activedescendant', first.id);
  });

  it('floats the list outside the box the field sits in (a card clipped it), inside the dialog the field is in', async () => {
    const user = userEvent.setup();
    const { container } = renderField();
    await user.type(field(), 'Hi @ma');
    const listbox = await screen.findByRole('listbox', { name: 'People to mention' });
    expect(container).not.toContainElement(listbox);
    expect(listbox.parentElement).toBe(document.body);
    expect(listbox.style.position).toBe('fixed');
  });

  it("inside a dialog (the viewer's comments sheet) floats the list at the end of that dialog", async () => {
    const user = userEvent.setup();
    renderWithApollo(
      <div role="dialog" aria-label="Comments sheet">
        <Harness />
      </div>,
      { mocks: [suggestionsMock()] },
    );
    await user.type(field(), 'Hi @ma');
    const listbox = await screen.findByRole('listbox', { name: 'People to mention' });
    expect(listbox.parentElement).toBe(screen.getByRole('dialog', { name: 'Comments sheet' }));
  });

  it('moves with the arrow keys and picks with Enter, writing @Display Name and a space', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    renderField({ onSubmit });
    await user.type(field(), 'Hi @ma');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}');
    const marco = screen.getByRole('option', { name: 'Marco Diaz' });
    expect(marco).toHaveAttribute('aria-selected', 'true');
    expect(field()).toHaveAttribute('aria-activedescendant', marco.id);
    await user.keyboard('{ArrowDown}'); // wraps to the first
    expect(screen.getByRole('option', { name: 'Maya Lopez' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(field()).toHaveValue('Hi @Marco Diaz ');
    expect(mentions()).toBe('u-marco');
    expect(onSubmit).not.toHaveBeenCalled(); // Enter picked; it did not send
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // The caret is after the name: typing goes on from there.
    await user.keyboard('see you');
    expect(field()).toHaveValue('Hi @Marco Diaz see you');
    // With the list closed, Enter sends the form again.
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith({ text: 'Hi @Marco Diaz see you', mentions: ['u-marco'] });
  });

  it('picks with Tab, and with a click', async () => {
    const user = userEvent.setup();
    renderField();
    await user.type(field(), '@sa');
    await screen.findByRole('option', { name: 'Sam Reyes' });
    await user.keyboard('{Tab}');
    expect(field()).toHaveValue('@Sam Reyes ');
    expect(field()).toHaveFocus();
    await user.keyboard('and @ma');
    await user.click(await screen.findByRole('option', { name: 'Maya Lopez' }));
    expect(field()).toHaveValue('@Sam Reyes and @Maya Lopez ');
    expect(field()).toHaveFocus();
    expect(mentions()).toBe('u-sam,u-maya');
  });

  it('closes on Escape until another @ is typed', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    renderField({ onSubmit });
    await user.type(field(), '@ma');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('r');
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith({ text: '@mar', mentions: [] });
    await user.keyboard(' @sa');
    expect(await screen.findByRole('option', { name: 'Sam Reyes' })).toBeInTheDocument();
  });

  it('offers nothing for an @ inside a word', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    renderWithApollo(<Harness />, { mocks: [suggestionsMock(asked)] });
    await user.type(field(), 'mail@ma');
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(asked).toEqual([]);
    expect(field()).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('MentionField reported mentions', () => {
  it("drops a person once their '@Name' is no longer in the text", async () => {
    const user = userEvent.setup();
    renderField();
    await user.type(field(), '@ma');
    await user.click(await screen.findByRole('option', { name: 'Maya Lopez' }));
    expect(mentions()).toBe('u-maya');
    await user.keyboard('{Backspace}{Backspace}'); // '@Maya Lope'
    expect(field()).toHaveValue('@Maya Lope');
    expect(mentions()).toBe('');
    await user.keyboard('z');
    expect(mentions()).toBe('u-maya');
    await user.clear(field());
    expect(mentions()).toBe('');
  });

  it('works in a textarea: Enter picks while the list is open and makes a new line otherwise', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    renderField({ multiline: true, onSubmit });
    expect(field().tagName).toBe('TEXTAREA');
    await user.type(field(), 'Day one{Enter}with @mar');
    await screen.findByRole('option', { name: 'Marco Diaz' });
    await user.keyboard('{Enter}');
    expect(field()).toHaveValue('Day one\nwith @Marco Diaz ');
    await user.keyboard('{Enter}and more');
    expect(field()).toHaveValue('Day one\nwith @Marco Diaz \nand more');
    await waitFor(() => expect(mentions()).toBe('u-marco'));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
