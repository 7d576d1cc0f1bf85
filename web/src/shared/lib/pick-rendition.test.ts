import { pickSource } from './pick-rendition';

const landscape = [
  { url: '/720.mp4', width: 1280, height: 720 },
  { url: '/360.mp4', width: 640, height: 360 },
];
const portrait = [
  { url: '/360.mp4', width: 360, height: 640 },
  { url: '/720.mp4', width: 720, height: 1280 },
];

describe('pickSource', () => {
  it('gives a phone-sized player the 360p rendition and a laptop-sized one 720p', () => {
    expect(pickSource(landscape, { displayWidth: 360, devicePixelRatio: 1, saveData: false })?.url).toBe('/360.mp4');
    expect(pickSource(landscape, { displayWidth: 900, devicePixelRatio: 1, saveData: false })?.url).toBe('/720.mp4');
  });

  it('counts device pixels (up to 2x): a 400 px wide player on a retina phone gets 720p', () => {
    expect(pickSource(portrait, { displayWidth: 400, devicePixelRatio: 3, saveData: false })?.url).toBe('/720.mp4');
    expect(pickSource(portrait, { displayWidth: 300, devicePixelRatio: 1, saveData: false })?.url).toBe('/360.mp4');
  });

  it('takes the smallest when the student saves data, whatever the screen', () => {
    expect(pickSource(landscape, { displayWidth: 1600, devicePixelRatio: 2, saveData: true })?.url).toBe('/360.mp4');
  });

  it('takes the largest there is for a player bigger than every rendition, and nothing from nothing', () => {
    expect(pickSource(landscape, { displayWidth: 4000, devicePixelRatio: 1, saveData: false })?.url).toBe('/720.mp4');
    expect(pickSource([], { displayWidth: 400, devicePixelRatio: 1, saveData: false })).toBeNull();
  });
});
