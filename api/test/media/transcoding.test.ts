import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { createStudent, graphql, startTestServer, type Student, type TestServer } from '../support/test-server';
import { longerClip, PARIS, probeStreams, SOURCE_CLIPS } from './support/generated-media';
import { download, postVideo, settledPost } from './support/processed-posts';

// Real transcodes on a busy 2-core machine: well over a minute at worst.
jest.setTimeout(180_000);

/**
 * Every accepted kind of clip becomes H.264 (8-bit 4:2:0) + AAC in MP4 with its index first,
 * upright, at sizes up to its own, with no location or device left, and only that is served.
 * The api's own in-process worker transcodes here (TRANSCODE_WORKERS=1, the default); the
 * separate `npm run worker` process is exercised in worker-failover.test.ts.
 */
describe('transcoding every upload into renditions that play everywhere', () => {
  let server: TestServer;
  let ada: Student;
  let grace: Student;

  beforeAll(async () => {
    // Every source clip is made before the api starts: making one blocks this process, where the
    // api also runs, and a slow one (VP8, on a busy machine) would outlast the keep-alive of the
    // connection the next request reuses.
    for (const make of Object.values(SOURCE_CLIPS)) make();
    server = await startTestServer({ JOB_POLL_SECONDS: '1', TRANSCODE_WORKERS: '1' });
    [ada, grace] = await Promise.all([createStudent(server), createStudent(server)]);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Checks one served rendition with ffprobe; returns its streams. */
  async function expectPlayableMp4(url: string, size: { width: number; height: number }, withSound: boolean) {
    const served = await download(server, url);
    expect(served.status).toBe(200);
    expect(served.contentType).toBe('video/mp4');
    const probe = probeStreams(served.file);
    const video = probe.streams.find((stream) => stream.codec_type === 'video')!;
    expect(video).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: size.width, height: size.height });
    // Upright in the pixels: no display matrix left for a player to honour or ignore.
    expect(video.side_data_list ?? []).toEqual([]);
    const audio = probe.streams.filter((stream) => stream.codec_type === 'audio');
    expect(audio.map((stream) => stream.codec_name)).toEqual(withSound ? ['aac'] : []);
    // faststart: the index (moov) comes before the media data, so playback starts before the download ends.
    expect(served.bytes.indexOf('moov')).toBeLessThan(served.bytes.indexOf('mdat'));
    const text = served.bytes.toString('latin1');
    for (const leak of [PARIS, 'iPhone', 'Apple', 'ISO6709']) expect(text).not.toContain(leak);
    expect(probe.format.tags ?? {}).not.toHaveProperty('location');
    return probe;
  }

  const CASES: Array<[string, () => Buffer, string, { width: number; height: number }, boolean]> = [
    ['an iPhone HEVC .mov, filmed upright, with GPS', SOURCE_CLIPS.hevcMovRotatedWithGps, 'iphone.mov', { width: 180, height: 320 }, true],
    ['an AVI (MPEG-4 Part 2, PCM sound)', SOURCE_CLIPS.avi, 'camera.avi', { width: 320, height: 240 }, true],
    ['a WMV (WMV2, WMA sound)', SOURCE_CLIPS.wmv, 'pc.wmv', { width: 320, height: 240 }, true],
    ['a variable frame rate clip', SOURCE_CLIPS.variableFrameRate, 'vfr.mp4', { width: 320, height: 240 }, false],
    ['a clip with no sound track', SOURCE_CLIPS.noAudio, 'silent.mp4', { width: 320, height: 240 }, false],
    ['a 10-bit H.264 clip', SOURCE_CLIPS.tenBitH264, 'tenbit.mp4', { width: 320, height: 240 }, true],
    ['a browser’s WebM recording (VP9, Opus sound)', SOURCE_CLIPS.webmVp9Opus, 'recorder.webm', { width: 320, height: 240 }, true],
    ['a screen recorder’s WebM (VP8, Vorbis sound)', SOURCE_CLIPS.webmVp8Vorbis, 'screen.webm', { width: 320, height: 240 }, true],
    ['an older phone’s 3GP (H.263, AAC sound)', SOURCE_CLIPS.threeGpH263, 'old-phone.3gp', { width: 176, height: 144 }, true],
    ['a 3G2 (H.264, AAC sound)', SOURCE_CLIPS.threeG2, 'cdma-phone.3g2', { width: 320, height: 240 }, true],
    ['a Matroska recording (H.264, AAC sound)', SOURCE_CLIPS.matroska, 'obs.mkv', { width: 320, height: 240 }, true],
  ];

  it.each(CASES)(
    '%s becomes one playable MP4 at its own size, never upscaled, with a poster',
    async (_name, make, filename, size, sound) => {
      const created = await postVideo(server, ada, make(), filename);
      expect(created).toMatchObject({ status: 'PROCESSING', processingProgress: 0, renditions: [] });

      const post = await settledPost(server, ada, created.id);
      expect(post).toMatchObject({ status: 'READY', processingProgress: null, failureMessage: null, ...size });
      expect(post.renditions).toEqual([{ url: post.videoUrl, ...size, maxKbps: 800 }]);
      await expectPlayableMp4(post.videoUrl, size, sound);

      expect(post.posterSources.map((source: { type: string }) => source.type)).toEqual(['image/webp', 'image/jpeg']);
      for (const source of post.posterSources) {
        expect(source).toMatchObject(size);
        const poster = await download(server, source.url);
        expect([poster.status, poster.contentType]).toEqual([200, source.type]);
        const [picture] = probeStreams(poster.file).streams;
        expect(picture).toMatchObject(size);
      }
      expect(post.posterUrl).toBe(post.posterSources[1].url);
    },
  );

  it('a 720p source gets a 720p and a 360p rendition, largest first', async () => {
    const post = await settledPost(server, ada, (await postVideo(server, ada, SOURCE_CLIPS.hd(), 'hd.mp4')).id);

    expect(post.renditions.map((r: { width: number; height: number }) => [r.width, r.height])).toEqual([
      [1280, 720],
      [640, 360],
    ]);
    await expectPlayableMp4(post.renditions[0].url, { width: 1280, height: 720 }, true);
    await expectPlayableMp4(post.renditions[1].url, { width: 640, height: 360 }, true);
    expect(post.posterSources.map((s: { width: number; type: string }) => `${s.width} ${s.type}`)).toEqual([
      '1280 image/webp',
      '1280 image/jpeg',
      '640 image/webp',
      '640 image/jpeg',
    ]);
  });

  it('serves no original: not at the upload’s URL, not under originals/, not before the post is ready', async () => {
    const created = await postVideo(server, ada, SOURCE_CLIPS.hevcMovRotatedWithGps(), 'original.mov');
    expect((await fetch(server.url + created.uploadUrl)).status).toBe(404);
    const post = await settledPost(server, ada, created.id);

    expect((await fetch(server.url + created.uploadUrl)).status).toBe(404);
    const originalName = created.uploadUrl.replace('/media/videos/', '');
    for (const guess of [`/media/originals/${originalName}`, `/media/videos/../originals/${originalName}`]) {
      expect((await fetch(server.url + guess)).status).toBe(404);
    }
    expect(post.videoUrl).not.toBe(created.uploadUrl);
  });

  it('others see the post only once it is ready; its author sees it at once', async () => {
    const clip = longerClip(6);
    const created = await postVideo(server, grace, clip, 'walk.mp4');
    const asAda = await graphql(
      server,
      ada.token,
      `
        query ($id: ID!) {
          post(id: $id) {
            id
          }
        }
      `,
      { id: created.id },
    );
    expect(asAda.data.post).toBeNull();
    const profile = `query($id: ID!) { user(id: $id) { posts(first: 10) { edges { node { id status } } } } }`;
    const own = await graphql(server, grace.token, profile, { id: grace.uid });
    expect(own.data.user.posts.edges.map((edge: any) => edge.node)).toContainEqual({ id: created.id, status: 'PROCESSING' });

    await settledPost(server, grace, created.id);
    const later = await graphql(
      server,
      ada.token,
      `
        query ($id: ID!) {
          post(id: $id) {
            id
            status
          }
        }
      `,
      { id: created.id },
    );
    expect(later.data.post).toEqual({ id: created.id, status: 'READY' });
  });

  it('tells its author live: progress while processing, then READY, once', async () => {
    const client = createClient({
      url: server.url.replace('http', 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${ada.token}` },
    });
    const events: Array<{ id: string; status: string; processingProgress: number | null }> = [];
    let ready: () => void;
    const readySeen = new Promise<void>((resolve) => (ready = resolve));
    const subscribed = new Promise<void>((resolve) => {
      client.on('connected', () => resolve());
    });
    const stop = client.subscribe(
      { query: 'subscription { myPostUpdated { id status processingProgress } }' },
      {
        next: ({ data }) => {
          const post = (data as any).myPostUpdated;
          events.push(post);
          if (post.status === 'READY') ready();
        },
        error: () => undefined,
        complete: () => undefined,
      },
    );
    // Made before anything is sent: making it blocks this process, where the api also runs.
    const clip = longerClip(12);
    try {
      await subscribed;
      await new Promise((resolve) => setTimeout(resolve, 200));
      const created = await postVideo(server, ada, clip, 'long-walk.mp4');
      await readySeen;
      await new Promise((resolve) => setTimeout(resolve, 500)); // nothing more may follow

      const mine = events.filter((event) => event.id === created.id);
      const progress = mine.filter((event) => event.status === 'PROCESSING').map((event) => event.processingProgress!);
      expect(progress.length).toBeGreaterThan(0);
      expect([...progress].sort((a, b) => a - b)).toEqual(progress);
      expect(progress.every((percent) => percent >= 0 && percent < 100)).toBe(true);
      expect(mine.filter((event) => event.status === 'READY')).toHaveLength(1);
      expect(mine.at(-1)).toMatchObject({ status: 'READY', processingProgress: null });
    } finally {
      stop();
      await client.dispose();
    }
  });
});
