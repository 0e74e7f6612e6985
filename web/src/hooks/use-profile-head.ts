import { useEffect } from 'react';

/**
 * Title and robots tag of a public profile, in step with what the gateway wrote into the first
 * HTML: a private or unknown profile is kept out of search engines. The gateway's tag is reused
 * (never duplicated) and goes with the page.
 */
export function useProfileHead(title: string | undefined, noindex: boolean): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  useEffect(() => {
    if (!noindex) return;
    let robots = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    if (!robots) {
      robots = document.createElement('meta');
      robots.name = 'robots';
      document.head.append(robots);
    }
    robots.content = 'noindex';
    return () => robots.remove();
  }, [noindex]);
}
