import { describe, expect, it } from 'vitest';
import { appLoginUrl, isParticipantPath, mountForPath, routeSetsForHost, routeSetUrl } from './host-route-sets.ts';

const names = (host: string) => routeSetsForHost(host).map((mount) => `${mount.name}@${mount.base}`);
const ALL = ['site@/site/', 'instant-survey@/instant-surveys/', 'app@/'];

describe('routeSetsForHost', () => {
  it.each(['localhost', '127.0.0.1', '127.4.5.6', '10.1.2.3', '192.168.0.12', '172.16.0.1', '172.31.255.1', '[::1]', 'ona-demo.example.com', 'demo.ona.hu'])(
    'mounts all three route sets on the local, private or demo host %s',
    (host) => {
      expect(names(host)).toEqual(ALL);
    },
  );

  it('treats 172.x outside 16–31 as a public address', () => {
    expect(names('172.32.0.1')).toEqual(['site@/']);
    expect(names('172.15.0.1')).toEqual(['site@/']);
  });

  it('serves the analytics app at the root of hosts starting with app', () => {
    expect(names('app.ona.example.com')).toEqual(['app@/']);
  });

  it('serves the instant surveys at the root of hosts starting with instant-survey', () => {
    expect(names('instant-survey.ona.example.com')).toEqual(['instant-survey@/']);
  });

  it('serves the public site on any other host', () => {
    expect(names('www.ona.example.com')).toEqual(['site@/']);
    expect(names('ona.example.com')).toEqual(['site@/']);
  });
});

describe('mountForPath', () => {
  const local = routeSetsForHost('localhost');

  it('picks the most specific base', () => {
    expect(mountForPath(local, '/site/index.html')?.name).toBe('site');
    expect(mountForPath(local, '/site')?.name).toBe('site');
    expect(mountForPath(local, '/instant-surveys/surveys/list.html')?.name).toBe('instant-survey');
    expect(mountForPath(local, '/engagements/3.html')?.name).toBe('app');
    expect(mountForPath(local, '/sitemap.html')?.name).toBe('app');
  });
});

describe('appLoginUrl', () => {
  it('stays on the same origin when the host mounts the app', () => {
    expect(appLoginUrl({ hostname: 'localhost', protocol: 'http:', port: '8080' }, routeSetsForHost('localhost'))).toBe('/auth/login.html');
  });

  it('points the public site to the sibling app host', () => {
    const site = { hostname: 'www.ona.example.com', protocol: 'https:', port: '' };
    expect(appLoginUrl(site, routeSetsForHost(site.hostname))).toBe('https://app.ona.example.com/auth/login.html');
    expect(appLoginUrl({ ...site, port: '8443' }, routeSetsForHost(site.hostname))).toBe('https://app.ona.example.com:8443/auth/login.html');
  });
});

describe('routeSetUrl', () => {
  it('points the public site to the sibling instant-survey host for joining a survey', () => {
    const site = { hostname: 'ona.example.com', protocol: 'https:', port: '' };
    expect(routeSetUrl(site, routeSetsForHost(site.hostname), 'instant-survey', 'login.html')).toBe('https://instant-survey.ona.example.com/login.html');
  });

  it('stays on the same origin under the instant surveys base of a local host', () => {
    const local = { hostname: '127.0.0.1', protocol: 'http:', port: '8080' };
    expect(routeSetUrl(local, routeSetsForHost(local.hostname), 'instant-survey', 'login.html')).toBe('/instant-surveys/login.html');
  });
});

describe('isParticipantPath', () => {
  it('finds the take-survey and thank-you pages under the instant-survey mount, on every host kind', () => {
    const local = routeSetsForHost('localhost');
    expect(isParticipantPath(local, '/instant-surveys/take-survey/0b5e6c2e-1111-4f7a-9c1d-2b3c4d5e6f70.html')).toBe(true);
    expect(isParticipantPath(local, '/instant-surveys/take-survey/x/thankyou.html')).toBe(true);
    expect(isParticipantPath(routeSetsForHost('instant-survey.example.com'), '/take-survey/x.html')).toBe(true);
  });

  it('leaves the host pages and the other route sets to the whole client', () => {
    const local = routeSetsForHost('localhost');
    expect(isParticipantPath(local, '/instant-surveys/surveys/list.html')).toBe(false);
    expect(isParticipantPath(local, '/take-survey/x.html')).toBe(false);
    expect(isParticipantPath(routeSetsForHost('app.example.com'), '/take-survey/x.html')).toBe(false);
  });
});
