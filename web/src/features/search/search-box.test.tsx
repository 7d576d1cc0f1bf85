// The search box (issue 27): an ARIA combobox whose suggestions are asked after a pause in typing,
// one request at a time, the one on its way aborted when the text changes; Enter searches, or opens
// the highlighted person or tag.
import { act, screen, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { Observable } from 'rxjs';
import { createCache } from '../../shared/lib/apollo';
import { SearchBox } from './search-box';
import { SUGGESTIONS_DEBOUNCE_MS } from './use-search-suggestions';

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => ({ currentUser: { uid: 'viewer-1' } }) }));

type Asked = { q: string; signal: AbortSignal | undefined; answer: (found: object[]) => void; fail: () => void; settled: boolean };

const PEOPLE = [
  { __typename: 'User', id: 'u-maya', displayName: 'Maya Chen', photoURL: null },
  { __typename: 'User', id: 'u-mayank', displayName: 'Mayank Rao', photoURL: null },
];
const TAGS = [{ __typename: 'Tag', name: 'mayday', postCount: 3 }];
const ORGANIZATIONS = [{ __typename: 'Organization', id: 'o-may', slug: 'may-ball', name: 'May Ball Committee', photoURL: null }];

/**
 * An api that answers only when the test says so, recording each request with the signal that can
 * abort it: so the test sees what is in flight at every moment.
 */
function heldApi() {
  const asked: Asked[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const signal = (operation.getContext().fetchOptions as { signal?: AbortSignal } | undefined)?.signal;
        const request: Asked = {
          q: String(operation.variables.q),
          signal,
          settled: false,
          answer(found) {
            request.settled = true;
            observer.next({ data: { searchSuggestions: found } });
            observer.complete();
          },
          fail() {
            request.settled = true;
            observer.error(new Error('Failed to fetch'));
          },
        };
        signal?.addEventListener('abort', () => {
          request.settled = true;
          observer.error(new DOMException('The request was aborted', 'AbortError'));
        });
        asked.push(request);
      }),
  );
  const inFlight = () => asked.filter((request) => !request.settled && !request.signal?.aborted);
  return { client: new ApolloClient({ link, cache: createCache() }), asked, inFlight };
}

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

function renderBox(client: ApolloClient) {
  return render(
    <ApolloProvider client={client}>
      <MemoryRouter initialEntries={['/home']}>
        <SearchBox />
        <Routes>
          <Route path="*" element={<Address />} />
        </Routes>
      </MemoryRouter>
    </ApolloProvider>,
  );
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
const pause = () => act(() => jest.advanceTimersByTime(SUGGESTIONS_DEBOUNCE_MS));

describe('SearchBox', () => {
  it('is a labelled combobox in a search landmark, closed until there is something to offer', () => {
    renderBox(heldApi().client);
    expect(screen.getByRole('search', { name: 'Search Campus Clips' })).toBeInTheDocument();
    const box = screen.getByRole('combobox', { name: 'Search people, organizations, clips, tags and events' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    expect(box).toHaveAttribute('maxlength', '100');
    expect(screen.getByRole('listbox', { hidden: true })).not.toBeVisible();
  });

  it('asks once typing pauses; aborts the request on its way when the text changes; never two in flight', async () => {
    const api = heldApi();
    renderBox(api.client);
    const typing = user();
    const box = screen.getByRole('combobox');

    await typing.type(box, 'ma');
    expect(api.asked).toEqual([]); // no request per keystroke
    await pause();
    expect(api.asked.map((request) => request.q)).toEqual(['ma']);
    expect(api.inFlight()).toHaveLength(1);

    // More text while 'ma' is on its way: it is aborted at once, before the next is planned.
    await typing.type(box, 'y');
    expect(api.asked[0]!.signal!.aborted).toBe(true);
    expect(api.inFlight()).toHaveLength(0);
    await pause();
    expect(api.asked.map((request) => request.q)).toEqual(['ma', 'may']);
    expect(api.inFlight()).toHaveLength(1);

    await act(async () => api.asked[1]!.answer([...PEOPLE, ...TAGS]));
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const options = within(screen.getByRole('listbox', { name: 'Suggestions' })).getAllByRole('option');
    expect(options).toEqual(['Maya Chen', 'Mayank Rao', '#mayday 3 clips'].map((name) => screen.getByRole('option', { name })));
  });

  it('arrow keys move through the suggestions (aria-activedescendant); Enter opens the person', async () => {
    const api = heldApi();
    renderBox(api.client);
    const typing = user();
    const box = screen.getByRole('combobox');
    await typing.type(box, 'may');
    await pause();
    await act(async () => api.asked[0]!.answer([...PEOPLE, ...TAGS]));

    expect(box).not.toHaveAttribute('aria-activedescendant');
    await typing.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: 'Mayank Rao' });
    expect(box).toHaveAttribute('aria-activedescendant', second.id);
    expect(second).toHaveAttribute('aria-selected', 'true');
    await typing.keyboard('{ArrowUp}{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: '#mayday 3 clips' }).id);
    await typing.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('address')).toHaveTextContent('/user/u-mayank');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('organizations come after people and tags; Enter on one opens its page (/org/<slug>)', async () => {
    const api = heldApi();
    renderBox(api.client);
    const typing = user();
    await typing.type(screen.getByRole('combobox'), 'may');
    await pause();
    await act(async () => api.asked[0]!.answer([...PEOPLE, ...TAGS, ...ORGANIZATIONS]));
    const options = within(screen.getByRole('listbox', { name: 'Suggestions' })).getAllByRole('option');
    expect(options).toEqual(
      ['Maya Chen', 'Mayank Rao', '#mayday 3 clips', 'May Ball Committee Organization'].map((name) => screen.getByRole('option', { name })),
    );
    await typing.keyboard('{ArrowUp}{Enter}');
    expect(screen.getByTestId('address')).toHaveTextContent('/org/may-ball');
  });

  it('a tag opens its page; a click works as Enter does', async () => {
    const api = heldApi();
    renderBox(api.client);
    const typing = user();
    await typing.type(screen.getByRole('combobox'), 'mayd');
    await pause();
    await act(async () => api.asked[0]!.answer(TAGS));
    await typing.click(screen.getByRole('option', { name: '#mayday 3 clips' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/tags/mayday');
  });

  it('Enter with nothing highlighted searches for the text; Escape closes the list, then clears the box', async () => {
    const api = heldApi();
    renderBox(api.client);
    const typing = user();
    const box = screen.getByRole('combobox');
    await typing.type(box, ' robotics fair ');
    await pause();
    await act(async () => api.asked[0]!.answer(TAGS));
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await typing.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue(' robotics fair ');
    await typing.keyboard('{Enter}');
    expect(screen.getByTestId('address')).toHaveTextContent('/search?q=robotics%20fair');
    await typing.keyboard('{Escape}');
    expect(box).toHaveValue('');
  });

  it('a failed request offers nothing; the box still searches', async () => {
    const api = heldApi();
    renderBox(api.client);
    const typing = user();
    await typing.type(screen.getByRole('combobox'), 'oops');
    await pause();
    await act(async () => api.asked[0]!.fail());
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false');
    await typing.keyboard('{Enter}');
    expect(screen.getByTestId('address')).toHaveTextContent('/search?q=oops');
  });
});
