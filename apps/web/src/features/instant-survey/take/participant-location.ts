import { useSyncExternalStore } from 'react';

/**
 * The participant's pages (take-survey and thank-you) run in their own small entry
 * (participant.html, see docs/first-loads.md) without React Router: these two pages need only the
 * address bar. The History API plus `popstate` is all there is to it.
 */
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const snapshot = () => window.location.href;

/** The current address; re-renders on every change made here or by the browser's back button. */
export function useParticipantLocation(): URL {
  return new URL(useSyncExternalStore(subscribe, snapshot));
}

/** Moves within the participant's pages without a reload (the thank-you page, a cleaned query). */
export function goTo(href: string, { replace = false }: { replace?: boolean } = {}): void {
  if (replace) window.history.replaceState(null, '', href);
  else window.history.pushState(null, '', href);
  for (const listener of listeners) listener();
}

export type TParticipantPage = { page: 'take'; surveyId: string } | { page: 'thank-you'; surveyId: string } | { page: 'unknown' };

/** Which participant page a path (relative to the instant-survey route set) shows. */
export function participantPage(relativePath: string): TParticipantPage {
  const thanks = /^take-survey\/([^/]+)\/thankyou\.html$/.exec(relativePath);
  if (thanks?.[1]) return { page: 'thank-you', surveyId: thanks[1] };
  const take = /^take-survey\/([^/]+)\.html$/.exec(relativePath);
  if (take?.[1]) return { page: 'take', surveyId: take[1] };
  return { page: 'unknown' };
}
