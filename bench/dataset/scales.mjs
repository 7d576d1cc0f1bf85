// Dataset sizes. `campus` is the large campus; `tiny` keeps the same shape small enough
// for CI (the actors still have enough posts in their Home feed to reach a 50th page).
export const SCALES = {
  tiny: {
    users: 400,
    posts: 8_000,
    likes: 40_000,
    comments: 8_000,
    // ordinary students' follow counts are the campus distribution times this factor
    followFactor: 0.1,
    celebrities: 4,
    popular: 20,
    heavyFollowers: 2,
    heavyFollowCount: 5_000,
    createPostUploads: 20_000,
    // Issue 26: clubs; each student belongs to about two (the first three are big ones).
    organizations: 40,
  },
  campus: {
    users: 20_000,
    posts: 400_000,
    likes: 4_000_000,
    comments: 800_000,
    followFactor: 1,
    celebrities: 20,
    popular: 500,
    heavyFollowers: 5,
    heavyFollowCount: 5_000,
    createPostUploads: 100_000,
    organizations: 600,
  },
};

/** The dataset's clock: deterministic, and in the past so new posts made by the benchmark sort first. */
export const DATASET_END = Date.parse('2026-11-01T00:00:00.000Z');
export const TWO_YEARS_MS = 2 * 365 * 24 * 3600 * 1000;
export const DEFAULT_SEED = 20261121;

/**
 * Dataset variants (`npm run bench -- --variant <name>`), built in campus_bench_<scale>_<name> over
 * the same seeded rows; the default dataset has none of this. hidden2 (issue 30): 2 % of posts a
 * reader may not see, 1 % still processing and 1 % hidden for review, picked by a hash of their id
 * (the same posts every build; never the benchmark's fixture posts it likes and comments on), so
 * the feed pages can be shown to stay flat when lists must skip posts.
 */
export const VARIANTS = {
  hidden2: { processingPercent: 1, hiddenPercent: 1 },
};
