// Placeholders in the shape of what is loading (post cards, profile tiles, rows), shown instead of
// a lone spinner on a first load. Each takes about the room of the real thing, so the page does
// not jump when it arrives; screen readers hear one status ('Loading posts') and nothing of the
// shapes themselves.
import type { ReactNode } from 'react';

const SHAPE = 'block animate-pulse rounded bg-gray-200 motion-reduce:animate-none';

type LoadingRegionProps = { label: string; className?: string; children: ReactNode };

/** role=status with the label for screen readers (and tests), busy, the shapes hidden from them. */
function LoadingRegion({ label, className = '', children }: LoadingRegionProps) {
  return (
    <div role="status" aria-busy="true" className={className}>
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" data-testid="skeleton">
        {children}
      </div>
    </div>
  );
}

/** One post card's outline: author, a portrait video frame, the action row and a caption. */
export function PostCardSkeleton({ spinner = false }: { spinner?: boolean }) {
  return (
    <div className="border-y border-gray-200 bg-white px-3 py-3 max-sm:mx-[calc(50%-50vw)] sm:rounded-lg sm:border sm:p-4 sm:shadow-sm">
      <div className="mb-3 flex items-center gap-3">
        <span className={`${SHAPE} h-10 w-10 shrink-0 rounded-full`} />
        <span className={`${SHAPE} h-4 w-32`} />
        <span className={`${SHAPE} ml-auto h-3 w-14`} />
      </div>
      {/* A clip is portrait, the card's full width and at most 70vh tall, as the player shows it
          (the width is set, so max-height cannot narrow the box through its aspect ratio). */}
      <div className="max-sm:-mx-3">
        <div className="relative aspect-[9/16] max-h-[70vh] w-full animate-pulse bg-gray-200 motion-reduce:animate-none sm:rounded-md">
          {spinner && (
            <span className="absolute left-1/2 top-1/2 h-8 w-8 -translate-x-1/2 -translate-y-1/2 animate-spin rounded-full border-4 border-gray-300 border-t-indigo-600" />
          )}
        </div>
      </div>
      <div className="mt-3 flex items-center gap-4">
        <span className={`${SHAPE} h-6 w-12`} />
        <span className={`${SHAPE} h-6 w-12`} />
      </div>
      <div className="mt-3 space-y-2">
        <span className={`${SHAPE} h-4 w-3/4`} />
        <span className={`${SHAPE} h-4 w-1/3`} />
      </div>
    </div>
  );
}

/** A feed's first page on its way (two cards fill a phone or a desktop screen). */
export function PostListSkeleton({ label = 'Loading posts', count = 2 }: { label?: string; count?: number }) {
  return (
    <LoadingRegion label={label}>
      <div className="space-y-6">
        {Array.from({ length: count }, (_, index) => (
          <PostCardSkeleton key={index} spinner={index === 0} />
        ))}
      </div>
    </LoadingRegion>
  );
}

/** A profile on its way: the header card, then a grid of post tiles as ProfilePostsGrid lays them out. */
export function ProfileSkeleton({ label = 'Loading profile', tiles = 3 }: { label?: string; tiles?: number }) {
  return (
    <LoadingRegion label={label}>
      <div className="space-y-4">
        <div className="flex flex-col items-center gap-4 rounded-lg border border-gray-200 bg-white p-6 sm:flex-row sm:items-start">
          <span className={`${SHAPE} h-28 w-28 shrink-0 rounded-full`} />
          <div className="flex w-full flex-col items-center gap-3 sm:items-start">
            <span className={`${SHAPE} h-7 w-48`} />
            <span className={`${SHAPE} h-4 w-40`} />
            <span className={`${SHAPE} h-4 w-56`} />
          </div>
        </div>
        <div className="rounded-lg border border-gray-200 bg-white p-4">
          <span className={`${SHAPE} mb-3 h-5 w-24`} />
          <span className={`${SHAPE} h-4 w-2/3`} />
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: tiles }, (_, index) => (
            <div key={index} className="rounded-lg border border-gray-200 bg-white p-3">
              <span className={`${SHAPE} aspect-[9/16] max-h-[70vh] w-full rounded-md`} />
              <span className={`${SHAPE} mt-2 h-4 w-1/2`} />
            </div>
          ))}
        </div>
      </div>
    </LoadingRegion>
  );
}

/** Rows with a round picture and two lines (notifications, people). */
export function RowListSkeleton({ label, count = 4, framed = false }: { label: string; count?: number; framed?: boolean }) {
  return (
    <LoadingRegion label={label}>
      <div className={framed ? 'divide-y divide-gray-200 overflow-hidden rounded-lg border border-gray-200 bg-white' : 'space-y-3'}>
        {Array.from({ length: count }, (_, index) => (
          <div key={index} className={`flex items-center gap-3 px-4 py-3 ${framed ? '' : 'rounded-lg border border-gray-200 bg-white'}`}>
            <span className={`${SHAPE} h-10 w-10 shrink-0 rounded-full`} />
            <div className="min-w-0 flex-1 space-y-2">
              <span className={`${SHAPE} h-4 w-2/3`} />
              <span className={`${SHAPE} h-3 w-16`} />
            </div>
          </div>
        ))}
      </div>
    </LoadingRegion>
  );
}
