import { describe, expect, it } from 'vitest';
import { routeSetsForHost } from '@ona/contracts';
import { homePathFor, loginPathFor } from './session-targets.ts';

describe('loginPathFor', () => {
  const local = routeSetsForHost('127.0.0.1');

  it('sends app pages to the app login', () => {
    expect(loginPathFor(local, '/engagements/3.html')).toBe('/auth/login.html');
  });

  it('sends instant-survey pages to their own login', () => {
    expect(loginPathFor(local, '/instant-surveys/surveys/list.html')).toBe('/instant-surveys/login.html');
    expect(loginPathFor(routeSetsForHost('instant-survey.ona.example.com'), '/surveys/list.html')).toBe('/login.html');
  });

  it('uses the app login at the root of an app host', () => {
    expect(loginPathFor(routeSetsForHost('app.ona.example.com'), '/colors.html')).toBe('/auth/login.html');
  });
});

describe('homePathFor', () => {
  it('is the journeys list in the app and the site, the surveys list in the instant-survey tool', () => {
    const local = routeSetsForHost('127.0.0.1');
    expect(homePathFor(local, '/engagements/3/admin/access-rights.html')).toBe('/engagements/list.html');
    expect(homePathFor(local, '/instant-surveys/users.html')).toBe('/instant-surveys/surveys/list.html');
    expect(homePathFor(routeSetsForHost('instant-survey.ona.example.com'), '/users.html')).toBe('/surveys/list.html');
  });
});
