import { useParams } from 'react-router';

/** Route ids are digits only; anything else (`engagements/abc.html`) is treated as not found. */
export function parseEngagementId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The engagement id of the current route (engagements/{id}/…), or null when it is not a valid id. */
export function useEngagementId(): number | null {
  return parseEngagementId(useParams().engagementId);
}
