// Which feature may import which, in each app: the one place that says so (issue 24, items 4 and 6).
//
// `app -> feature -> { other feature: why }`. A feature imports another only through that
// feature's index.ts, and only when this file names the pair. Read by:
//   - eslint.config.mjs, which fails on any other import between features (eslint-plugin-boundaries)
//     and on any import cycle (import-x/no-cycle);
//   - scripts/check-feature-graph.mjs (in `npm test`), which fails when a feature folder is missing
//     here, a pair here is no longer used, the graph has a cycle, the web imports the api, or the
//     "Between features" section of docs/ARCHITECTURE.md differs from this file and the code
//     (`node scripts/check-feature-graph.mjs --write` rewrites that section).
// A feature's tests and scenarios may import what the feature may import; web unit tests may
// compose any features (they render pages from several).
// Everything in a feature's folder belongs to it: its entity, service, resolver, policy, REST routes.

export default {
  api: {
    accounts: {
      notifications: 'deleting an account removes the notifications about it',
      uploads: 'deleting an account removes its media files',
    },
    blocks: {
      notifications: 'blocking removes the notifications between the two',
      users: 'the people blocked and muted are users',
    },
    calendar: {
      posts: 'a calendar entry names the event post it came from',
    },
    campuses: {},
    'caption-tracks': {
      posts: "a caption track belongs to a post, and only its author changes it (posts' policy)",
      uploads: "a caption file is uploaded, then served and deleted with the clip's files",
    },
    comments: {
      blocks: 'live comments skip people the listener blocked',
      mentions: 'a comment mentions people',
      notifications: 'a comment notifies the post author and the people it mentions',
      posts: 'a comment is on a post the commenter may see',
      users: 'a comment has an author',
    },
    'data-export': {},
    events: {
      calendar: 'adding an event puts it in the calendar',
      campuses: "the Events page shows the viewer's campus first (CampusScope)",
      organizations: "the Events page's 'From my organizations' reads the viewer's memberships",
      posts: 'an event is a post with a time and place',
    },
    feeds: {
      campuses: "Explore shows the viewer's campus first (CampusScope)",
      organizations: 'Home shows posts made as the organizations the viewer belongs to or follows',
      posts: 'a feed is a page of posts',
    },
    follows: {
      notifications: 'a follow notifies the one followed',
      users: 'people follow people',
    },
    likes: {
      notifications: 'a like notifies the post author',
      posts: 'a like is on a post the student may see',
    },
    mentions: {
      users: 'a mention names a user',
    },
    moderation: {
      comments: 'removing a comment is the comments feature deleting it; Comment.viewerCan.moderate',
      notifications: 'a decision notifies the author and the reporters',
      posts: 'removing a post is the posts feature deleting it',
      uploads: 'removing a post or a picture removes its media',
      users: 'reports, roles and suspensions are about users',
    },
    notifications: {
      posts: 'a notification may name a post',
      users: 'a notification names the person who acted',
    },
    organizations: {
      campuses: "an organization belongs to its founder's campus; the directory shows the viewer's campus first",
      moderation: "reports about an organization go to moderation's queue; a moderator's decision is audited there",
      notifications: 'join requests, their outcome and new events notify',
      posts: 'officers post as the organization; its page lists its posts and events',
      uploads: "an organization's picture is an upload",
      users: 'members are users; a profile lists their organizations',
    },
    posts: {
      mentions: 'a caption mentions people',
      uploads: 'a post claims its uploaded video',
      users: 'a post has an author',
    },
    search: {
      campuses: "the campus switch narrows people, clips, events and organizations to the viewer's campus",
      organizations: "organizations are found by name and description, read with the reader's relation to them",
      posts: "clips and events are posts, ranked and judged by the posts' own visibility rule",
      users: 'people are users',
    },
    uploads: {},
    users: {
      campuses: "a student belongs to the campus their e-mail names; sign-up is limited to campuses' domains",
      uploads: 'a profile picture is an upload',
    },
    'video-processing': {
      'caption-tracks': "a clip's own subtitle stream becomes one of its caption tracks",
      posts: 'transcoding fills in a post through the VideoPipeline port posts declares',
      uploads: 'transcoding reads the uploaded file',
    },
  },
  web: {
    auth: {},
    blocks: {},
    calendar: {},
    campus: {},
    community: {
      campus: "the people directory lists the viewer's campus first, with the switch",
      follows: 'a person card has a Follow button',
    },
    events: {},
    feed: {
      campus: "Explore and Events list the viewer's campus first, with the switch",
      moderation: 'Home shows moderation notices',
      player: 'a feed opens its clips in the full-screen player',
      post: 'a feed is a list of post cards (Home, Explore, tags, Events, a post page)',
    },
    follows: {},
    help: {},
    legal: {},
    mentions: {},
    moderation: {
      blocks: 'the report dialog offers to block or mute the person reported',
    },
    notifications: {},
    organizations: {
      campus: "the directory lists the viewer's campus first, with the switch",
      feed: "an organization's posts and upcoming events are feeds of post cards",
      moderation: "Report on an organization; a moderator's note when hiding or suspending one",
    },
    pages: {},
    player: {
      follows: 'the Follow button over a clip',
      mentions: 'the caption links the people it mentions',
      post: "the player shows the post's comments, like and processing state",
    },
    post: {
      events: "an event post's card shows its event; the create form has the event fields",
      mentions: 'captions and comments mention people',
      moderation: 'the Report button on posts and comments',
    },
    profile: {
      blocks: 'Block and Mute on a profile',
      follows: 'the Follow button on a profile',
      moderation: 'Report and Make moderator on a profile',
      organizations: 'a profile lists the organizations the student shows',
      player: "a profile's grid opens its clips in the player",
      post: "a profile's own posts, their delete control and processing state",
    },
    search: {
      campus: "the campus switch: the viewer's campus first, as Explore",
      events: 'an event found shows its panel (when, where, Add to my calendar)',
      follows: 'a person found has a Follow button',
      player: 'a clip found opens in the full-screen player',
    },
    settings: {
      auth: 'the password rules and Firebase messages of the sign-in screens',
      blocks: 'the blocked and muted lists',
      events: 'the calendar feed section',
      notifications: 'the notification switches',
    },
    verification: {},
  },
};
