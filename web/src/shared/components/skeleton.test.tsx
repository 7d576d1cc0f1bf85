// The first-load placeholders: one status screen readers hear, shapes they do not, room reserved.
import { render, screen } from '@testing-library/react';
import { PostListSkeleton, ProfileSkeleton, RowListSkeleton } from './skeleton';

describe('skeletons', () => {
  it('stands in for a feed with post-card shapes, announced once as "Loading posts" and busy', () => {
    render(<PostListSkeleton />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading posts');
    expect(status).toHaveAttribute('aria-busy', 'true');
    // Screen readers hear the label only: the shapes are hidden and nothing in them is focusable.
    const shapes = screen.getByTestId('skeleton');
    expect(shapes).toHaveAttribute('aria-hidden', 'true');
    expect(shapes.textContent).toBe('');
    expect(shapes.querySelectorAll('a, button, input, [tabindex]')).toHaveLength(0);
    // Two cards, each with an avatar, a portrait video frame and caption lines: the room the posts take.
    expect(shapes.querySelectorAll('.aspect-\\[9\\/16\\]')).toHaveLength(2);
    expect(shapes.querySelectorAll('.rounded-full.h-10')).toHaveLength(2);
  });

  it('says what is loading in its own words', () => {
    render(
      <>
        <ProfileSkeleton label="Loading profile" tiles={3} />
        <RowListSkeleton label="Loading notifications" count={6} framed />
      </>,
    );
    const [profile, rows] = screen.getAllByRole('status');
    expect(profile).toHaveTextContent('Loading profile');
    expect(profile.querySelectorAll('.aspect-\\[9\\/16\\]')).toHaveLength(3);
    expect(rows).toHaveTextContent('Loading notifications');
    expect(rows.querySelectorAll('.rounded-full')).toHaveLength(6);
  });
});
