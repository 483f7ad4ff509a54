import { externalVideo } from './external-video.ts';

describe('a performer video becomes an embed the content security policy allows, or a link out', () => {
  test.each([
    ['https://www.youtube.com/watch?v=Gk0UNw4tT4l', 'https://www.youtube-nocookie.com/embed/Gk0UNw4tT4l'],
    ['https://youtu.be/Gk0UNw4tT4l', 'https://www.youtube-nocookie.com/embed/Gk0UNw4tT4l'],
    ['https://m.youtube.com/shorts/Gk0UNw4tT4l', 'https://www.youtube-nocookie.com/embed/Gk0UNw4tT4l'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
  ])('%s embeds as %s', (url, embedUrl) => {
    expect(externalVideo(url)).toEqual(expect.objectContaining({ kind: 'embed', embedUrl }));
  });

  test('other sites, or YouTube links without a video, are linked to', () => {
    expect(externalVideo('https://video.example/set')).toEqual({ kind: 'link', url: 'https://video.example/set' });
    expect(externalVideo('https://www.youtube.com/@nabd')).toEqual({ kind: 'link', url: 'https://www.youtube.com/@nabd' });
  });

  test('a video id cannot smuggle anything into the embed URL', () => {
    expect(externalVideo('https://www.youtube.com/watch?v=abc"><script>')).toEqual(expect.objectContaining({ kind: 'link' }));
    expect(externalVideo('javascript:alert(1)')).toBeNull();
    expect(externalVideo('not a url')).toBeNull();
  });
});
