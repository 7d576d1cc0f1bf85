// Infinite scroll asks for each page once, and never while the last one has yet to show: Apollo
// drops a fetched page that lands while another fetch of the same query has started (issue 16: a
// fast swipe at the end of the loaded clips froze the viewer there).
import { act, renderHook } from '@testing-library/react';
import { useNextPage } from './use-next-page';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function setup() {
  const fetchNextPage = jest.fn((cursor: string) => Promise.resolve(cursor));
  const view = renderHook(({ endCursor }) => useNextPage(fetchNextPage, true, endCursor), { initialProps: { endCursor: 'c10' } });
  return { fetchNextPage, view };
}

it('does not ask for the next page again until the page it fetched has shown', async () => {
  const { fetchNextPage, view } = setup();
  act(() => view.result.current.loadMore());
  await act(async () => undefined); // the request settles
  act(() => view.result.current.loadMore()); // a swipe right after: the list still ends at c10
  expect(fetchNextPage).toHaveBeenCalledTimes(1);

  view.rerender({ endCursor: 'c20' }); // the page shows
  act(() => view.result.current.loadMore());
  expect(fetchNextPage).toHaveBeenLastCalledWith('c20');
  expect(fetchNextPage).toHaveBeenCalledTimes(2);
});

it('asks again after a while when the page it fetched never changed the list', async () => {
  const { fetchNextPage, view } = setup();
  act(() => view.result.current.loadMore());
  await act(async () => undefined);
  act(() => jest.advanceTimersByTime(500));
  act(() => view.result.current.loadMore());
  expect(fetchNextPage).toHaveBeenCalledTimes(2);
});

it('lets the student try again at once after a failed page, with the error shown meanwhile', async () => {
  const fetchNextPage = jest.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(undefined);
  const view = renderHook(() => useNextPage(fetchNextPage, true, 'c10'));
  act(() => view.result.current.loadMore());
  await act(async () => undefined);
  expect(view.result.current.pageError).toBeInstanceOf(TypeError);
  act(() => view.result.current.loadMore());
  expect(fetchNextPage).toHaveBeenCalledTimes(2);
  expect(view.result.current.pageError).toBeNull();
});
